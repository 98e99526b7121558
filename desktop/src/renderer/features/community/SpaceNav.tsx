import { Link } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import type { CommunitySpace } from '@shared/types';
import { cn } from '../../lib/cn';
import { postCount } from './communityView';

/** A space's link: the feed of that space, keeping the search. */
function href(spaceId: number | null, q: string): string {
  const params = new URLSearchParams();
  if (spaceId) params.set('space', String(spaceId));
  if (q) params.set('q', q);
  const s = params.toString();
  return s ? `/community?${s}` : '/community';
}

/**
 * The spaces beside the feed ("All spaces" first), each with its post count. A column on wide screens;
 * on phones a row that scrolls sideways inside itself, like the Courses tabs.
 */
export function SpaceNav({
  spaces,
  current,
  q,
}: {
  spaces: readonly CommunitySpace[];
  current: number | null;
  q: string;
}) {
  const items: Array<{ id: number | null; name: string; count: number | null }> = [
    { id: null, name: MESSAGES.communityAllSpaces, count: null },
    ...spaces.map((s) => ({ id: s.id, name: s.name, count: s.postCount })),
  ];
  return (
    <nav aria-label={MESSAGES.communitySpacesLabel} className="min-w-0">
      <h2 className="mb-2 hidden text-xs font-semibold tracking-wide text-gray-500 uppercase lg:block">
        {MESSAGES.communitySpacesLabel}
      </h2>
      <ul className="relative -mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
        {items.map((item) => {
          const active = item.id === current;
          return (
            <li key={item.id ?? 'all'} className="shrink-0">
              <Link
                to={href(item.id, q)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
                  'focus-visible:outline-2 focus-visible:outline-brand-500',
                  active
                    ? 'bg-brand-50 text-brand-700'
                    : 'text-gray-700 ring-1 ring-gray-200 hover:bg-gray-100 lg:ring-0',
                )}
              >
                <span className="truncate">{item.name}</span>
                {item.count !== null && (
                  <span className="text-xs text-gray-500 tabular-nums">
                    <span aria-hidden="true">{item.count}</span>
                    <span className="sr-only">, {postCount(item.count)}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
