/** Move the Needle figures: checklist progress and the dashboard donut's shares (docs/areas/board.md#screens, docs/areas/board.md#behaviour). */
import { LIST_ROLES } from '../board/list-roles';
import { percent } from './progress';

export const CHECKLIST_IN_PROGRESS = 'Checklist in progress';
export const CHECKLIST_COMPLETED = 'Checklist completed';

/** The completed share of a checklist's items as a whole percent; 0 with no items. */
export function checklistProgress(items: ReadonlyArray<{ completed: boolean }>): number {
  return percent(items.filter((i) => i.completed).length, items.length);
}

/** The label of a checklist's progress bar: completed at 100, in progress otherwise. */
export function checklistProgressLabel(progress: number): string {
  return progress >= 100 ? CHECKLIST_COMPLETED : CHECKLIST_IN_PROGRESS;
}

/** The status lists (list roles, board/list-roles.ts) the donut shows. */
export const DONUT_STATUSES = [
  LIST_ROLES.notStarted,
  LIST_ROLES.inProgress,
  LIST_ROLES.onHold,
  LIST_ROLES.completed,
] as const;
export type DonutStatus = (typeof DONUT_STATUSES)[number];

/**
 * The dashboard donut: each status's share of the cards in the four status lists, as whole
 * percents; all 0 when there are no cards.
 */
export function statusShares(counts: Readonly<Partial<Record<DonutStatus, number>>>): Record<DonutStatus, number> {
  const clean = (n: number | undefined) => (Number.isFinite(n) && (n as number) > 0 ? (n as number) : 0);
  const total = DONUT_STATUSES.reduce((sum, s) => sum + clean(counts[s]), 0);
  return {
    'NOT STARTED': percent(clean(counts['NOT STARTED']), total),
    'IN PROGRESS': percent(clean(counts['IN PROGRESS']), total),
    'ON HOLD': percent(clean(counts['ON HOLD']), total),
    COMPLETED: percent(clean(counts.COMPLETED), total),
  };
}
