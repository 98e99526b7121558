import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { billingFieldsScope, type InsightsScope, type Principal } from '@shared/policies';
import type { AtRiskQuery } from '@shared/schemas/insights';
import { csvLine } from '@shared/schemas';
import type { AtRiskResponse } from '@shared/types/insights';
import { audit } from '../../core/audit';
import { presentAtRisk, atRiskCells, AT_RISK_CSV_COLUMNS, type AtRiskRow } from './presenters';
import { scopeSql } from './scope';

type Db = Knex | Knex.Transaction;

/** Not active for this many days, board unchanged for this many days: at risk (docs/areas/insights.md#insights-page). */
export const INACTIVE_DAYS = 14;
export const BOARD_STALE_DAYS = 30;
/** Subscription statuses that are a payment problem. */
export const PAYMENT_PROBLEM_STATUSES = ['past_due', 'unpaid'] as const;

/**
 * The members at risk as one statement: members (not coaches or administrators) of the viewer's
 * scope, each with their last active day (analytics_last_active, else their last session), when
 * their board last changed (mtn_boards.changed_at, set by every change of what the board shows),
 * and the reasons (each member's row is computed once: `m` is materialized);
 * `page` is `order by ... limit/offset` with the total, `after` a keyset batch by id (the CSV).
 */
function atRiskSql(
  scope: Exclude<InsightsScope, null>,
  reader: Principal,
  tail: string,
): { sql: string; coach: number | null } {
  const s = scopeSql(scope);
  // A payment problem is billing: a reason only for a reader who sees the members' billing fields
  // (the coach policy, as in the user presenter). The list holds members, never the reader (an
  // admin or a coach), so "everyone's" is the question; a member at risk for payment alone is then
  // not listed at all.
  const billing = billingFieldsScope(reader) === 'everyone';
  const payment = PAYMENT_PROBLEM_STATUSES.map((p) => `'${p}'`).join(', ');
  const sql = `
    with m as materialized (
      select u.id, u.full_name, u.email, u.role, u.stripe_status, u.created_at,
             coalesce(la.day, (select max(se.last_seen_at) from sessions se where se.user_id = u.id)::date) as last_active,
             b.changed_at as board_changed
        from users u
        left join analytics_last_active la on la.user_id = u.id
        left join mtn_boards b on b.user_id = u.id and not b.is_template
       where u.role in ('basic', 'course only', 'premium') and not u.is_admin and ${s.users}
    ), r as (
      select m.*,
             ${billing ? `coalesce(m.stripe_status in (${payment}), false)` : 'false'} as r_payment,
             case when m.last_active is null then m.created_at < now() - interval '${INACTIVE_DAYS} days'
                  else m.last_active < (now() at time zone 'UTC')::date - ${INACTIVE_DAYS} end as r_inactive,
             coalesce(m.board_changed < now() - interval '${BOARD_STALE_DAYS} days', false) as r_board
        from m
    )
    select r.id, r.full_name, r.email, r.role, r.stripe_status, to_char(r.last_active, 'YYYY-MM-DD') as last_active,
           r.board_changed, r.r_payment, r.r_inactive, r.r_board, count(*) over ()::int as total
      from r where r.r_payment or r.r_inactive or r.r_board
    ${tail}`;
  return { sql, coach: s.bindings.coach };
}

/**
 * One page of the members at risk (longest inactive first, never-active first of all) and how many
 * in all. `reader` decides, by the coach policy, what of each member is shown (presentAtRisk);
 * without one, nothing the policy guards (no email, billing or payment reason).
 */
export async function readAtRisk(
  db: Db,
  scope: Exclude<InsightsScope, null>,
  query: AtRiskQuery,
  reader: Principal,
): Promise<AtRiskResponse> {
  const { sql, coach } = atRiskSql(
    scope,
    reader,
    'order by r.last_active nulls first, r.id limit :limit offset :offset',
  );
  const rows = (
    await db.raw<{ rows: AtRiskRow[] }>(sql, {
      coach,
      limit: query.itemsPerPage,
      offset: (query.page - 1) * query.itemsPerPage,
    })
  ).rows;
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: the window function saw no row, so count them once.
    const counted = await db.raw<{ rows: Array<{ n: number }> }>(
      `select count(*)::int as n from (${atRiskSql(scope, reader, '').sql}) x`,
      { coach },
    );
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return { members: rows.map((r) => presentAtRisk(r, reader)), total };
}

/** How many members are at risk for `reader` (the export's count and audit row). */
export async function countAtRisk(db: Db, scope: Exclude<InsightsScope, null>, reader: Principal): Promise<number> {
  const { sql, coach } = atRiskSql(scope, reader, '');
  const result = await db.raw<{ rows: Array<{ n: number }> }>(`select count(*)::int as n from (${sql}) x`, { coach });
  return Number(result.rows[0]?.n ?? 0);
}

export async function auditAtRiskExport(trx: Knex.Transaction, members: number, by: { actorId: number; ip: string }) {
  await audit(trx, { ...by, action: 'insights.at_risk_export', details: { members } });
}

/** Rows per statement while streaming the CSV. */
export const AT_RISK_EXPORT_BATCH = 1000;
const BOM = '\uFEFF';

/** members-at-risk.csv as a stream: the header, then keyset batches by id (no transaction held open). */
export function atRiskCsvStream(
  knex: Knex,
  scope: Exclude<InsightsScope, null>,
  reader: Principal,
  batchSize = AT_RISK_EXPORT_BATCH,
): Readable {
  const { sql, coach } = atRiskSql(scope, reader, 'and r.id > :after order by r.id limit :limit');
  async function* chunks(): AsyncGenerator<string> {
    yield BOM + csvLine(AT_RISK_CSV_COLUMNS);
    let after = 0;
    for (;;) {
      const rows = (await knex.raw<{ rows: AtRiskRow[] }>(sql, { coach, after, limit: batchSize })).rows;
      if (rows.length === 0) return;
      yield rows.map((r) => csvLine(atRiskCells(presentAtRisk(r, reader)))).join('');
      after = rows[rows.length - 1]!.id;
      if (rows.length < batchSize) return;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
