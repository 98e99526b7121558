import type { Knex } from 'knex';
import type { SettingKey } from '@shared/schemas/settings';
import { settingValue } from '../settings';

export interface AnalyticsSweepResult {
  events: number;
  daily: number;
  activeDays: number;
  activeWeeks: number;
}

/** The retention in effect (the portal setting analyticsRetentionDays, default 400). */
export async function analyticsRetentionDays(knex: Knex, defaults: Record<SettingKey, string>): Promise<number> {
  return Number(await settingValue(knex, defaults, 'analyticsRetentionDays'));
}

/**
 * Deletes what is older than the retention (docs/areas/insights.md, "Retention"): raw events by
 * `occurred_at`, in batches of `batchSize` (each its own short statement, so a large backlog never
 * holds a long lock), and the rollups of days before the same cutoff (a week once all of it is
 * before the cutoff day). Nothing is kept longer than the retention, aggregated or not.
 */
export async function sweepAnalytics(
  knex: Knex,
  retentionDays: number,
  options: { batchSize?: number } = {},
): Promise<AnalyticsSweepResult> {
  if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new Error(`bad retention: ${retentionDays}`);
  const batchSize = options.batchSize ?? 5000;
  let events = 0;
  for (;;) {
    const oldest = knex('analytics_events')
      .select('id')
      .where('occurred_at', '<', knex.raw(`now() - make_interval(days => ?::int)`, [retentionDays]))
      .orderBy('occurred_at')
      .limit(batchSize);
    const n = Number(await knex('analytics_events').whereIn('id', oldest).del());
    events += n;
    if (n < batchSize) break;
  }
  // The first UTC day kept.
  const cutoff = knex.raw(`((now() at time zone 'UTC')::date - ?::int)`, [retentionDays]);
  const daily = await knex('analytics_daily').where('day', '<', cutoff).del();
  const activeDays = await knex('analytics_active_days').where('day', '<', cutoff).del();
  const activeWeeks = await knex('analytics_active_weeks').where(knex.raw('week + 7'), '<=', cutoff).del();
  return { events, daily: Number(daily), activeDays: Number(activeDays), activeWeeks: Number(activeWeeks) };
}
