import { MESSAGES } from '@shared/messages';
import { addDays, daysBetween, INSIGHTS_MAX_DAYS, isIsoDate } from '@shared/schemas/insights';

export const PRESETS = [7, 30, 90] as const;

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** The last `days` days, today included (UTC). */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = todayUtc(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The same rules as the API's schema, so the page never asks for a range the API refuses. */
export function rangeErrors(from: string, to: string): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!isIsoDate(from)) errors.from = MESSAGES.insightsDateInvalid;
  if (!isIsoDate(to)) errors.to = MESSAGES.insightsDateInvalid;
  if (errors.from || errors.to) return errors;
  if (from > to) return { from: MESSAGES.insightsRangeOrder };
  if (daysBetween(from, to) > INSIGHTS_MAX_DAYS) return { from: MESSAGES.insightsRangeTooLong };
  return {};
}

/** "Nov 3" for a chart's axis (UTC). */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
