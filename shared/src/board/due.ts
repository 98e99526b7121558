import { fillMessage, MESSAGES } from '../messages';
import { parseMoment } from '../schemas/dates';

/**
 * A card's due date (docs/areas/board.md, "Due dates"): the bounds the API takes, and how the
 * board says it (the tile's chip, the filter, the dashboard's "Due soon"). Every function takes
 * `now`, so the wording is the same on every screen and testable with a fixed clock.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The earliest due date a card takes. */
export const DUE_AT_MIN = '2000-01-01';
/** How far ahead of today (UTC) a due date may be, in years. */
export const DUE_AT_YEARS_AHEAD = 10;
/** A card due within this many hours (and not yet overdue) is "due soon": the amber chip. */
export const DUE_SOON_HOURS = 48;
/** The dashboard's "Due soon" card and the GET /due-soon read reach this many days ahead. */
export const DUE_SOON_DAYS = 7;

/** The last day (UTC, YYYY-MM-DD) a due date may fall on. */
export function dueAtMax(now = new Date()): string {
  const max = new Date(Date.UTC(now.getUTCFullYear() + DUE_AT_YEARS_AHEAD, now.getUTCMonth(), now.getUTCDate()));
  return max.toISOString().slice(0, 10);
}

/**
 * Why `value` is not a due date (a field message), or null when it is one: an ISO 8601 date and
 * time with its offset (a real instant, not a bare day), on a UTC day from DUE_AT_MIN to dueAtMax.
 */
export function dueAtError(value: string, now = new Date()): string | null {
  const moment = parseMoment(value, true);
  if (!moment || moment.dateOnly) return MESSAGES.dueAtInvalid;
  const day = new Date(moment.at).toISOString().slice(0, 10);
  const max = dueAtMax(now);
  if (day < DUE_AT_MIN || day > max) return fillMessage(MESSAGES.dueAtOutOfRange, { min: DUE_AT_MIN, max });
  return null;
}

/** The chip's tone: past due (red), due within DUE_SOON_HOURS (amber), later (grey). */
export type DueTone = 'overdue' | 'soon' | 'later';

export interface DueStatus {
  tone: DueTone;
  /** "due tomorrow", "due in 3 days", "overdue by 2 days" ... */
  text: string;
}

/** Whole local calendar days from `now`'s day to `at`'s day (the member's time zone). */
function calendarDays(at: Date, now: Date): number {
  const a = Date.UTC(at.getFullYear(), at.getMonth(), at.getDate());
  const b = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((a - b) / DAY_MS);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How a due date reads at `now`: past it, "overdue by 5 minutes / 3 hours / 2 days"; ahead,
 * "due in 20 minutes / 5 hours" within the day, then by calendar day: "due today", "due
 * tomorrow", "due in 3 days". Days are the member's local days (the renderer's time zone).
 */
export function dueStatus(dueAt: string | Date, now = new Date()): DueStatus {
  const at = dueAt instanceof Date ? dueAt : new Date(dueAt);
  const diff = at.getTime() - now.getTime();
  if (diff <= 0) {
    const late = -diff;
    const text =
      late < HOUR_MS
        ? `overdue by ${plural(Math.max(1, Math.floor(late / 60_000)), 'minute')}`
        : late < DAY_MS
          ? `overdue by ${plural(Math.floor(late / HOUR_MS), 'hour')}`
          : `overdue by ${plural(Math.floor(late / DAY_MS), 'day')}`;
    return { tone: 'overdue', text };
  }
  const tone: DueTone = diff <= DUE_SOON_HOURS * HOUR_MS ? 'soon' : 'later';
  if (diff < HOUR_MS) return { tone, text: `due in ${plural(Math.max(1, Math.ceil(diff / 60_000)), 'minute')}` };
  const days = calendarDays(at, now);
  if (days <= 0)
    return { tone, text: diff < 12 * HOUR_MS ? `due in ${plural(Math.round(diff / HOUR_MS), 'hour')}` : 'due today' };
  if (days === 1) return { tone, text: 'due tomorrow' };
  return { tone, text: `due in ${plural(days, 'day')}` };
}

/** The board filter's choices (client-side over the loaded board). */
export type DueFilter = 'all' | 'week' | 'overdue';

/**
 * Whether a card with `dueAt` passes `filter` at `now`: 'overdue': past due; 'week': due from now
 * to the end of the seventh day ahead (overdue cards are not "due this week"); 'all': every card.
 */
export function matchesDueFilter(dueAt: string | null, filter: DueFilter, now = new Date()): boolean {
  if (filter === 'all') return true;
  if (!dueAt) return false;
  const at = Date.parse(dueAt);
  if (filter === 'overdue') return at <= now.getTime();
  return at > now.getTime() && at <= now.getTime() + DUE_SOON_DAYS * DAY_MS;
}
