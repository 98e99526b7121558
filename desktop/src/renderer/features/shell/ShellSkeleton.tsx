import { Skeleton, SkeletonBlock } from '../../components/Skeleton';
import { Logo } from './Logo';

/**
 * What the app shows while the session check (GET /api/auth/me) is out: the app shell's frame
 * (the sidebar from lg up, the top bar below it) with neutral blocks where the navigation, the
 * account and the page will be. Which links a user gets depends on who they are, so none is drawn
 * until the answer (docs/design.md#states). The page region carries the busy status and its label.
 */
export function ShellSkeleton({ label }: { label: string }) {
  return (
    <div className="min-h-full" data-testid="shell-skeleton">
      <aside
        aria-hidden="true"
        className="fixed inset-y-0 left-0 z-20 hidden w-64 flex-col border-r border-gray-200 bg-white lg:flex"
      >
        <div className="flex h-16 shrink-0 items-center px-5">
          <Logo />
        </div>
        <div className="flex flex-1 flex-col gap-3 px-5 pt-2">
          <SkeletonBlock className="mb-2 h-9 w-full rounded-lg" />
          {Array.from({ length: 8 }, (_, i) => (
            <span key={i} className="flex items-center gap-3">
              <SkeletonBlock className="size-5 rounded" />
              <SkeletonBlock className={i % 3 === 0 ? 'h-3 w-28' : 'h-3 w-36'} />
            </span>
          ))}
        </div>
        <div className="flex items-center gap-3 px-5 pb-6">
          <SkeletonBlock className="size-9 rounded-full" />
          <SkeletonBlock className="h-3 w-32" />
        </div>
      </aside>
      <div className="flex min-h-full flex-col lg:pl-64">
        <header
          aria-hidden="true"
          className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-gray-200 bg-white px-4 lg:hidden"
        >
          <SkeletonBlock className="size-6" />
          <Logo className="text-sm" />
          <SkeletonBlock className="size-8 rounded-full" />
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <Skeleton shape="page" label={label} />
        </main>
      </div>
    </div>
  );
}
