import * as yup from 'yup';
import { addDays, dateRangeFields, type DateRangeRule } from './dates';
import { integer } from './fields';

export { addDays, daysBetween, isIsoDate } from './dates';

/** The summary covers at most this many days, and this many by default (docs/areas/insights.md#insights-page). */
export const INSIGHTS_MAX_DAYS = 366;
export const INSIGHTS_DEFAULT_DAYS = 30;
/** At most this many members at risk per page. */
export const AT_RISK_PAGE_MAX = 100;

/**
 * The range a summary covers: `to` defaults to today (UTC), `from` to 30 days ending at `to`
 * (or, with only `from`, `to` is today). Both included.
 */
export function insightsRange(input: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = input.to ?? now.toISOString().slice(0, 10);
  const from = input.from ?? addDays(to, -(INSIGHTS_DEFAULT_DAYS - 1));
  return { from, to };
}

/** The summary's range: days only, at most 366 of them, checked with the defaults filled in. */
export const INSIGHTS_RANGE: DateRangeRule = { maxDays: INSIGHTS_MAX_DAYS, defaults: insightsRange };

/**
 * GET /api/insights/summary?from=&to= : the shared date-range rule (dates.ts; a 400 on a bad or
 * out-of-window date, a reversed range or more than 366 days).
 */
export const insightsSummaryQuerySchema = yup.object(dateRangeFields(INSIGHTS_RANGE));
export type InsightsSummaryQuery = yup.InferType<typeof insightsSummaryQuerySchema>;

/** GET /api/insights/at-risk?page=&itemsPerPage= */
export const atRiskQuerySchema = yup.object({
  page: integer().min(1).max(1_000_000).default(1),
  itemsPerPage: integer().min(1).max(AT_RISK_PAGE_MAX).default(50),
});
export type AtRiskQuery = yup.InferType<typeof atRiskQuerySchema>;
