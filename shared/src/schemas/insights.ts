import * as yup from 'yup';
import { MESSAGES } from '../messages';
import { integer } from './fields';

/** Issue 14 §2: the summary covers at most this many days, and this many by default. */
export const INSIGHTS_MAX_DAYS = 366;
export const INSIGHTS_DEFAULT_DAYS = 30;
/** At most this many members at risk per page. */
export const AT_RISK_PAGE_MAX = 100;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A real calendar date as YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
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

/**
 * The range a summary covers: `to` defaults to today (UTC), `from` to 30 days ending at `to`
 * (or, with only `from`, `to` is today). Both included.
 */
export function insightsRange(input: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = input.to ?? now.toISOString().slice(0, 10);
  const from = input.from ?? addDays(to, -(INSIGHTS_DEFAULT_DAYS - 1));
  return { from, to };
}

const date = () =>
  yup
    .string()
    .trim()
    .optional()
    .test('date', MESSAGES.insightsDateInvalid, (v) => v === undefined || v === '' || isIsoDate(v))
    .transform((v: string | undefined) => (v === '' ? undefined : v));

/** GET /api/insights/summary?from=&to= (400 on a bad date, a reversed range or more than 366 days). */
export const insightsSummaryQuerySchema = yup.object({
  from: date().test('range', function (from) {
    const to = (this.parent as { to?: string }).to;
    if (from === undefined || !isIsoDate(from) || (to !== undefined && !isIsoDate(to))) return true;
    const range = insightsRange({ from, to });
    if (range.from > range.to) return this.createError({ message: MESSAGES.insightsRangeOrder });
    if (daysBetween(range.from, range.to) > INSIGHTS_MAX_DAYS)
      return this.createError({ message: MESSAGES.insightsRangeTooLong });
    return true;
  }),
  to: date(),
});
export type InsightsSummaryQuery = yup.InferType<typeof insightsSummaryQuerySchema>;

/** GET /api/insights/at-risk?page=&itemsPerPage= */
export const atRiskQuerySchema = yup.object({
  page: integer().min(1).max(1_000_000).default(1),
  itemsPerPage: integer().min(1).max(AT_RISK_PAGE_MAX).default(50),
});
export type AtRiskQuery = yup.InferType<typeof atRiskQuerySchema>;
