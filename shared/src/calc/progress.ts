/**
 * Progress percentages (docs/limits.md#rounding): checklist, board and course progress,
 * rounded to whole numbers.
 */
import { COMPLETED_LIST_NAME, LIST_ROLES } from '../board/list-roles';
import { toFiniteNumber } from './round';

/**
 * `part / whole` as a whole percent (Math.round), 0 when `whole` <= 0 or either value is
 * not a finite number. 100 is reserved for done: when part < whole the result is at most 99
 * (199 of 200 is 99, not a rounded-up 100 that would read as 'completed').
 * Not capped above 100 (callers treat 100 or more as completed).
 */
export function percent(part: number, whole: number): number {
  const p = toFiniteNumber(part);
  const w = toFiniteNumber(whole);
  if (w <= 0) return 0;
  const r = Math.round((p / w) * 100);
  if (!Number.isFinite(r)) return 0;
  if (r >= 100 && p < w) return 99;
  return r + 0;
}

/** The status lists (list roles, board/list-roles.ts) whose cards count towards the board's progress. */
export const BOARD_PROGRESS_LISTS = [
  LIST_ROLES.notStarted,
  LIST_ROLES.inProgress,
  LIST_ROLES.completed,
  LIST_ROLES.onHold,
] as const;
export type BoardProgressList = (typeof BOARD_PROGRESS_LISTS)[number];
export const BOARD_COMPLETED_LIST: BoardProgressList = COMPLETED_LIST_NAME;

/**
 * Board progress: the share of the cards in NOT STARTED, IN PROGRESS, COMPLETED and ON HOLD
 * that are in COMPLETED, as a whole percent (0 when those lists hold no cards).
 * `cardsByList` maps a list name (exact, as stored: the reserved upper-case names) to its
 * card count; other lists (FOR REVIEW, FUTURE ACTIONS, PERSONAL NOTES, custom) are ignored.
 */
export function boardProgress(cardsByList: Readonly<Partial<Record<string, number>>>): number {
  let total = 0;
  for (const name of BOARD_PROGRESS_LISTS) total += Math.max(0, toFiniteNumber(cardsByList[name]));
  const completed = Math.max(0, toFiniteNumber(cardsByList[BOARD_COMPLETED_LIST]));
  return percent(completed, total);
}
