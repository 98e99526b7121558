import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * One neutral placeholder block: gray-200, rounded, pulsing unless the user asked for reduced
 * motion. Hidden from assistive technology: the `Skeleton` around it says what is loading.
 */
export function SkeletonBlock({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn('block rounded-md bg-gray-200 motion-safe:animate-pulse', className)} />
  );
}

/**
 * The shapes of a screen's first load (docs/design.md#states):
 * - `page`: a page title and a row of cards (a screen whose code is still loading);
 * - `cards`: a grid of cards with a cover (courses);
 * - `stack`: cards one under the other (resources, products);
 * - `list`: rows with an avatar inside one card (notifications);
 * - `table`: a table's header and rows inside one card (users);
 * - `lines`: a few rows of text, for inside a card that is already drawn (no card in a card);
 * - `stat`: a stat's figure, inline.
 */
export type SkeletonShape = 'page' | 'cards' | 'stack' | 'list' | 'table' | 'lines' | 'stat';

const CARD = 'rounded-xl border border-gray-200 bg-white shadow-xs';

function repeat(count: number, render: (i: number) => ReactNode): ReactNode[] {
  return Array.from({ length: count }, (_, i) => render(i));
}

/** Text lines of a row, the last one shorter: a row reads as a row, not a bar chart. */
function Lines({ count }: { count: number }) {
  const widths = ['w-3/4', 'w-full', 'w-5/6', 'w-2/3'];
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-2">
      {repeat(count, (i) => (
        <SkeletonBlock key={i} className={cn('h-3', i === 0 ? 'h-4 w-1/2' : widths[i % widths.length])} />
      ))}
    </span>
  );
}

function Shape({ shape, count }: { shape: SkeletonShape; count: number }) {
  switch (shape) {
    case 'stat':
      return <SkeletonBlock className="inline-block h-8 w-16 align-middle" />;
    case 'lines':
      return (
        <span className="flex flex-col gap-4">
          {repeat(count, (i) => (
            <span key={i} className="flex items-start gap-3">
              <SkeletonBlock className="size-10 shrink-0 rounded-lg" />
              <Lines count={2} />
            </span>
          ))}
        </span>
      );
    case 'list':
      return (
        <span className={cn(CARD, 'block divide-y divide-gray-100 p-2')}>
          {repeat(count, (i) => (
            <span key={i} className="flex items-center gap-3 px-3 py-3">
              <SkeletonBlock className="size-8 shrink-0 rounded-full" />
              <Lines count={2} />
            </span>
          ))}
        </span>
      );
    case 'table':
      return (
        <span className={cn(CARD, 'block overflow-hidden')}>
          <span className="flex gap-4 border-b border-gray-200 bg-gray-50 px-5 py-3">
            {repeat(4, (i) => (
              <SkeletonBlock key={i} className={cn('h-3', i === 0 ? 'w-1/4' : 'w-1/6')} />
            ))}
          </span>
          {repeat(count, (i) => (
            <span key={i} className="flex items-center gap-4 border-b border-gray-100 px-5 py-3 last:border-b-0">
              <SkeletonBlock className="size-8 shrink-0 rounded-full" />
              <SkeletonBlock className="h-3 w-1/4" />
              <SkeletonBlock className="hidden h-3 w-1/6 sm:block" />
              <SkeletonBlock className="hidden h-3 w-1/6 md:block" />
            </span>
          ))}
        </span>
      );
    case 'stack':
      return (
        <span className="flex flex-col gap-4">
          {repeat(count, (i) => (
            <span key={i} className={cn(CARD, 'flex items-start gap-4 px-5 py-4')}>
              <SkeletonBlock className="size-16 shrink-0 rounded-lg" />
              <Lines count={3} />
            </span>
          ))}
        </span>
      );
    case 'cards':
    case 'page':
      return (
        <span className="flex flex-col gap-6">
          {shape === 'page' && (
            <span className="flex flex-col gap-2">
              <SkeletonBlock className="h-7 w-48" />
              <SkeletonBlock className="h-4 w-72 max-w-full" />
            </span>
          )}
          <span className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {repeat(count, (i) => (
              <span key={i} className={cn(CARD, 'block overflow-hidden')}>
                {shape === 'cards' && <SkeletonBlock className="aspect-[16/9] w-full rounded-none" />}
                <span className="flex flex-col gap-3 px-5 py-4">
                  <Lines count={3} />
                  <SkeletonBlock className="h-2 w-full rounded-full" />
                </span>
              </span>
            ))}
          </span>
        </span>
      );
  }
}

const DEFAULT_COUNT: Record<SkeletonShape, number> = {
  page: 3,
  cards: 6,
  stack: 3,
  list: 5,
  table: 6,
  lines: 3,
  stat: 1,
};

/**
 * A screen's (or a card's) first load: neutral blocks in the shape of what is coming, instead of
 * a spinner in an empty page. The region says it is busy (`aria-busy`, `role="status"`) and names
 * what loads in a visually hidden label ("Loading courses…"), which screen readers announce and
 * tests find by its text. A read of data already on screen uses `Refreshing`, never this.
 */
export function Skeleton({
  label = 'Loading…',
  shape = 'page',
  count,
  className,
}: {
  label?: string;
  shape?: SkeletonShape;
  /** How many cards, rows or lines (each shape has its default). */
  count?: number;
  className?: string;
}) {
  const inline = shape === 'stat';
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      role="status"
      aria-busy="true"
      data-testid="skeleton"
      className={cn(inline ? 'inline-block' : 'block', className)}
    >
      <span className="sr-only">{label}</span>
      <Shape shape={shape} count={count ?? DEFAULT_COUNT[shape]} />
    </Tag>
  );
}
