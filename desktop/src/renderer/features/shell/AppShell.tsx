import { Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Skeleton } from '../../components/Skeleton';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { ErrorBoundary } from './ErrorBoundary';
import { ImpersonationBanner } from './ImpersonationBanner';
import { Logo } from './Logo';
import { MobileBar } from './MobileBar';
import { SidebarNav } from './SidebarNav';
import { UserBlock } from './UserBlock';
import { NotificationBell } from '../notifications/NotificationBell';
import { LiveNotifications } from '../notifications/LiveNotifications';
import { LiveStreamProvider } from '../live/LiveStream';
import { CommandPalette, SearchButton } from '../search/CommandPalette';
import { HelpMenu } from './HelpMenu';

/**
 * Signed-in layout: fixed sidebar from lg up, top bar with menu button and profile menu below.
 * Route content is lazy (Suspense) and wrapped in an error boundary that resets per path. One live
 * event stream per signed-in window (LiveStreamProvider, keyed by the user) serves the bell and the
 * board screens.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  if (!user) return <Navigate to="/signin" replace />;

  return (
    <LiveStreamProvider key={user.id}>
      <div className="min-h-full">
        <LiveNotifications userId={user.id} />
        <CommandPalette user={user} />
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <aside className="fixed inset-y-0 left-0 z-20 hidden w-64 flex-col border-r border-gray-200 bg-white lg:flex">
          <div className="flex h-16 shrink-0 items-center justify-between gap-2 px-5">
            <Logo />
            <NotificationBell user={user} />
          </div>
          <div className="flex shrink-0 items-center gap-1 px-3 pb-3">
            <div className="min-w-0 flex-1">
              <SearchButton wide />
            </div>
            <HelpMenu user={user} />
          </div>
          {/* The links scroll; the account block (Log out) stays in view at any window height. */}
          <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-4">
            <SidebarNav user={user} />
          </div>
          <div className="shrink-0 px-3 pb-4">
            <UserBlock user={user} />
          </div>
        </aside>
        <div className="flex min-h-full flex-col lg:pl-64">
          <MobileBar user={user} />
          <ImpersonationBanner user={user} />
          <main
            id="main"
            tabIndex={-1}
            className="focus:outline-none mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8"
          >
            <ErrorBoundary key={location.pathname}>
              <Suspense fallback={<Skeleton />}>{children ?? <Outlet />}</Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
    </LiveStreamProvider>
  );
}
