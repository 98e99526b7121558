import * as yup from 'yup';
import { fillMessage, MESSAGES } from '../messages';

/**
 * Date ranges (docs/limits.md, "Date ranges"): the one rule every `from`/`to` an API takes goes
 * through (the Insights summary, the audit log and its export), and the date arithmetic that goes
 * with it. A range names real calendar days (or, where a range allows it, ISO 8601 instants) inside
 * a window, in order, and no longer than its maximum, so that nothing built from it (a day or week
 * per point, a database timestamp) can run away: year 9999 and its "next day" never reach a loop or
 * the database.
 */

/** The earliest day a range may name. */
export const DATE_RANGE_MIN = '2000-01-01';
/** How far past today (UTC) a range may reach, in years. */
export const DATE_RANGE_YEARS_AHEAD = 1;
/** The longest range, in days, where a range sets no maximum of its own: 3 years. */
export const DATE_RANGE_MAX_DAYS = 1096;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar date as YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const t = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Today's UTC date. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The days a range may name: DATE_RANGE_MIN to the same day DATE_RANGE_YEARS_AHEAD from today (UTC). */
export function dateWindow(now = new Date()): { min: string; max: string } {
  const max = new Date(Date.UTC(now.getUTCFullYear() + DATE_RANGE_YEARS_AHEAD, now.getUTCMonth(), now.getUTCDate()));
  return { min: DATE_RANGE_MIN, max: max.toISOString().slice(0, 10) };
}

/** A point in time a range end names: `at` in ms; `dateOnly` for a whole UTC day. */
export interface Moment {
  at: number;
  dateOnly: boolean;
}

/** A day (YYYY-MM-DD, a UTC day) or, with `instants`, an instant (ISO 8601 with its offset); else null. */
export function parseMoment(value: string | undefined, instants = false): Moment | null {
  if (!value) return null;
  if (isIsoDate(value)) return { at: Date.parse(`${value}T00:00:00.000Z`), dateOnly: true };
  if (!instants || !DATE_TIME.test(value)) return null;
  const at = Date.parse(value);
  // An instant's date must be a real one too (2026-02-31T10:00Z parses on some engines).
  if (Number.isNaN(at) || !isIsoDate(value.slice(0, 10))) return null;
  return { at, dateOnly: false };
}

/** What one range allows beyond the window every range has. */
export interface DateRangeRule {
  /** The longest range in days, both days included (a day's `to` counts whole); default DATE_RANGE_MAX_DAYS. */
  maxDays?: number;
  /** Also take instants (ISO 8601 with an offset): the audit log's local days. */
  instants?: boolean;
  /** Fills the ends a request leaves out before the range is checked (the Insights' default range). */
  defaults?: (given: { from?: string; to?: string }, now: Date) => { from?: string; to?: string };
}

export type DateRangeErrors = { from?: string; to?: string };

/**
 * The one date-range rule, as field messages (empty: the range is good). An end left out
 * (undefined) is open, or filled by the rule's `defaults`; an empty string is not a date. Each given
 * end must be a date (or an allowed instant) whose UTC day is inside `dateWindow()`; then the range
 * must run forwards (`from` on or before a day's `to`, before an instant's `to`) and span at most
 * `maxDays`. The order and length are reported on `from`.
 */
export function dateRangeErrors(
  given: { from?: string; to?: string },
  rule: DateRangeRule = {},
  now = new Date(),
): DateRangeErrors {
  const window = dateWindow(now);
  const invalid = rule.instants ? MESSAGES.dateTimeInvalid : MESSAGES.dateInvalid;
  const errors: DateRangeErrors = {};
  for (const end of ['from', 'to'] as const) {
    const value = given[end];
    if (value === undefined) continue;
    const moment = parseMoment(value, rule.instants);
    if (!moment) errors[end] = invalid;
    else {
      const day = new Date(moment.at).toISOString().slice(0, 10);
      if (day < window.min || day > window.max) errors[end] = fillMessage(MESSAGES.dateOutsideWindow, window);
    }
  }
  if (errors.from || errors.to) return errors;
  const range = rule.defaults ? rule.defaults(given, now) : given;
  const from = parseMoment(range.from, rule.instants);
  const to = parseMoment(range.to, rule.instants);
  if (!from || !to) return {};
  const end = to.dateOnly ? to.at + DAY_MS : to.at;
  if (from.at >= end) return { from: MESSAGES.dateRangeOrder };
  const maxDays = rule.maxDays ?? DATE_RANGE_MAX_DAYS;
  if (end - from.at > maxDays * DAY_MS) {
    return { from: fillMessage(MESSAGES.dateRangeTooLong, { max: maxDays.toLocaleString('en-US') }) };
  }
  return {};
}

/**
 * The `from` and `to` fields of a query schema, checked by `dateRangeErrors` with `rule` (a 400
 * with the field's message): `yup.object({ ...dateRangeFields(rule), ... })`. Values are trimmed;
 * an empty one is left out.
 */
export function dateRangeFields(rule: DateRangeRule = {}) {
  const end = (name: 'from' | 'to') =>
    yup
      .string()
      .trim()
      .transform((v: string | undefined) => (v === '' ? undefined : v))
      .optional()
      .test('date-range', function check() {
        const message = dateRangeErrors(this.parent as { from?: string; to?: string }, rule)[name];
        return message ? this.createError({ message }) : true;
      });
  return { from: end('from'), to: end('to') };
}
