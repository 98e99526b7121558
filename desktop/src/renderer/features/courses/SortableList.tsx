import type { RefObject } from 'react';
import { ReactSortable, type ItemInterface } from 'react-sortablejs';
import Sortable from 'sortablejs';

/**
 * react-sortablejs's list, plus what it lacks: it destroys its Sortable instance on unmount, so
 * React's StrictMode remount does not leave two instances listening to the same element.
 */
export class SortableList<T extends ItemInterface> extends ReactSortable<T> {
  override componentWillUnmount() {
    const el = (this as unknown as { ref: RefObject<HTMLElement | null> }).ref.current;
    if (el) Sortable.get(el)?.destroy();
  }
}

/**
 * Options shared by every sortable list: the pointer fallback (real pointer events, which scripted
 * mice and touch screens drive; the HTML5 drag API is not), a drag handle and a short animation.
 */
export const SORTABLE_OPTIONS = {
  forceFallback: true,
  fallbackOnBody: true,
  animation: 150,
  handle: '[data-drag-handle]',
  ghostClass: 'opacity-40',
} as const;

/** Items as react-sortablejs wants them (it marks them chosen/selected in place, so they are copies). */
export type SortableItem<T> = T & { id: number; chosen?: boolean; selected?: boolean };

/** Whether two lists hold the same ids in the same order (setList also fires on pick-up). */
export function sameOrder(a: ReadonlyArray<{ id: number }>, b: ReadonlyArray<{ id: number }>): boolean {
  return a.length === b.length && a.every((x, i) => x.id === b[i]?.id);
}
