import { addDays, dateRangeErrors } from '@shared/schemas/dates';
import { INSIGHTS_RANGE } from '@shared/schemas/insights';

export const PRESETS = [7, 30, 90] as const;
/** The period the page opens on (and app/screenStarts.ts reads ahead). */
export const DEFAULT_PERIOD_DAYS = 30;

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** The last `days` days, today included (UTC). */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = todayUtc(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The API's own rule (the shared date-range rule), so the page never asks for a range the API refuses. */
export function rangeErrors(from: string, to: string): { from?: string; to?: string } {
  return dateRangeErrors({ from, to }, INSIGHTS_RANGE);
}
