import type { Knex } from 'knex';

export interface RateLimitResult {
  count: number;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter kept in the database, so every API instance sees the same count.
 * `hit` adds one and returns the count in the current window; `peek` reads it without adding.
 */
export async function hitRateLimit(knex: Knex, key: string, windowMs: number): Promise<RateLimitResult> {
  const result = await knex.raw<{ rows: Array<{ count: number; reset_at: Date | string }> }>(
    `insert into rate_limits (key, count, reset_at) values (?, 1, now() + (? * interval '1 millisecond'))
     on conflict (key) do update set
       count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning count, reset_at`,
    [key, windowMs],
  );
  const row = result.rows[0] ?? { count: 1, reset_at: new Date(Date.now() + windowMs) };
  return { count: row.count, retryAfterSeconds: Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000) };
}

export async function peekRateLimit(knex: Knex, key: string): Promise<RateLimitResult> {
  const row = await knex('rate_limits')
    .select('count', 'reset_at')
    .where({ key })
    .andWhere('reset_at', '>', knex.fn.now())
    .first<{ count: number; reset_at: Date | string } | undefined>();
  if (!row) return { count: 0, retryAfterSeconds: 0 };
  return { count: row.count, retryAfterSeconds: Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000) };
}

export async function clearRateLimit(knex: Knex, key: string): Promise<void> {
  await knex('rate_limits').where({ key }).del();
}

/** Removes expired windows; called now and then so the table stays small. */
export async function pruneRateLimits(knex: Knex): Promise<void> {
  await knex('rate_limits').where('reset_at', '<=', knex.fn.now()).del();
}
