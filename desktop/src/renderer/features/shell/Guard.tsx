import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { decideRoute, findRoute } from '@shared/policies/routes';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Spinner';
import { Skeleton } from '../../components/Skeleton';
import { selectAuthStatus, selectCurrentUser, useAppSelector } from '../../app/hooks';
import { NETWORK_ERROR_MESSAGE } from '../../lib/apiErrors';
import { useMeQuery } from '../auth/authApi';
import { AppShell } from './AppShell';
import { ExternalRedirect, MembersOnly, NotFoundScreen } from './StatusPages';
import { Logo } from './Logo';
import { ShellSkeleton } from './ShellSkeleton';
import { usePortalSettings } from '../settings/usePortalSettings';
import { PAGE_TITLES, documentTitle } from './pageTitles';

interface FromState {
  from?: string;
}

/**
 * The route guard: runs the auth check on load (GET /api/auth/me), then asks the shared
 * decideRoute(currentUser, path) — the same policy the API enforces — what to render.
 */
export function Guard() {
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  const { settings, ready: settingsReady } = usePortalSettings();
  const { refetch, isFetching } = useMeQuery(undefined, {
    skip: status === 'authenticated' || status === 'anonymous',
  });
  const decision =
    status === 'unknown' || status === 'error' ? null : decideRoute(user, location.pathname, settings.calendarUrl);
  // Every route's own document title, by what is shown: the page, the members-only screen or
  // not found. A layout effect, so a page's own usePageTitle (a passive effect) comes after it.
  const pageName =
    decision === null
      ? null
      : decision.type === 'allow'
        ? (PAGE_TITLES[decision.rule.pattern] ?? null)
        : decision.type === 'denied'
          ? 'Members only'
          : decision.type === 'not-found'
            ? PAGE_TITLES['/not-found']
            : null;
  const title =
    decision === null || (decision.type === 'redirect' && !decision.external) ? null : documentTitle(pageName);
  useLayoutEffect(() => {
    if (title !== null) document.title = title;
  }, [title, location.pathname]);

  if (status === 'unknown') {
    // The sign-in and other public screens keep their own centred layout; every other path shows
    // the app shell's frame while the session is checked, never a page-wide spinner.
    if (findRoute(location.pathname)?.rule.roles === 'public') {
      return (
        <div className="flex min-h-full items-center justify-center">
          <Loading label="Loading your account…" />
        </div>
      );
    }
    return <ShellSkeleton label="Loading your account…" />;
  }
  if (status === 'error') {
    return (
      <div role="alert" className="flex min-h-full flex-col items-center justify-center gap-4 px-4 text-center">
        <Logo />
        <p className="max-w-sm text-sm text-gray-600">{NETWORK_ERROR_MESSAGE}</p>
        <Button onClick={() => void refetch()} loading={isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  if (decision === null) return null;
  switch (decision.type) {
    case 'allow':
      return <Outlet />;
    case 'redirect': {
      if (decision.external) {
        // The calendar site is a portal setting: wait for it rather than open the placeholder.
        if (!settingsReady) {
          return (
            <AppShell>
              <Skeleton />
            </AppShell>
          );
        }
        return (
          <AppShell>
            <ExternalRedirect to={decision.to} />
          </AppShell>
        );
      }
      const here = `${location.pathname}${location.search}`;
      if (decision.to === '/signin') {
        return <Navigate to="/signin" replace state={{ from: here } satisfies FromState} />;
      }
      // Leaving sign-in/sign-up once signed in: go back to where the guard sent the user from.
      const from = (location.state as FromState | null)?.from;
      if (user && from && findRoute(location.pathname)?.rule.guestOnly) {
        return <Navigate to={from} replace />;
      }
      return <Navigate to={decision.to} replace />;
    }
    case 'denied':
      return (
        <AppShell>
          <MembersOnly />
        </AppShell>
      );
    case 'not-found':
      return <NotFoundScreen />;
  }
}
