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

export interface RateLimitBucket {
  key: string;
  windowMs: number;
  /** Attempts allowed in the window; the next one is refused. */
  max: number;
}

export type Reservation = { ok: true; keys: string[] } | { ok: false; retryAfterSeconds: number };

/**
 * Takes one attempt from each bucket before the work it guards, atomically per bucket (the upsert
 * of hitRateLimit counts and answers in one statement), so that N simultaneous attempts cannot all
 * read a count below the limit. When a bucket is over its max, what was taken is given back and the
 * answer says when that bucket's window ends. Of any number of concurrent attempts at most `max`
 * per bucket get `ok` (a count only goes over max while a refused attempt is giving its share back).
 * The caller keeps the reservation as the failure it counts, or gives it back with releaseRateLimits.
 */
export async function reserveRateLimits(knex: Knex, buckets: RateLimitBucket[]): Promise<Reservation> {
  const taken: string[] = [];
  for (const bucket of buckets) {
    const hit = await hitRateLimit(knex, bucket.key, bucket.windowMs);
    taken.push(bucket.key);
    if (hit.count > bucket.max) {
      await releaseRateLimits(knex, taken);
      return { ok: false, retryAfterSeconds: hit.retryAfterSeconds };
    }
  }
  return { ok: true, keys: taken };
}

/** Gives back one attempt per key (in the current window), one row per statement: no lock order to keep. */
export async function releaseRateLimits(knex: Knex, keys: string[]): Promise<void> {
  for (const key of keys) {
    await knex('rate_limits')
      .where({ key })
      .andWhere('reset_at', '>', knex.fn.now())
      .update({ count: knex.raw('greatest(count - 1, 0)') });
  }
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
