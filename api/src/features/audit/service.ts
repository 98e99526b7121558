import type { Knex } from 'knex';
import { auditRange, auditUserFilter, type AuditFilters, type AuditQuery } from '@shared/schemas/audit';
import type { AuditAction, AuditLogResponse } from '@shared/types/audit';
import { audit } from '../../core/audit';
import { likePattern } from '../../db/sql';
import { presentAuditEntry, type AuditRow } from './presenter';

type Db = Knex | Knex.Transaction;

/** The columns of one entry: the row, and its actor's and target's name and email (null once deleted). */
export const AUDIT_ROW_COLUMNS = [
  'a.id',
  'a.action',
  'a.created_at',
  'a.ip',
  'a.details',
  'a.actor_id',
  'ac.full_name as actor_name',
  'ac.email as actor_email',
  'a.target_user_id',
  'tu.full_name as target_name',
  'tu.email as target_email',
] as const;

/** Actor or target: a user id, or the users whose name or email contains the text. */
function byUser(q: Knex.QueryBuilder, db: Db, column: string, value: string | undefined): void {
  const f = auditUserFilter(value);
  if (!f) return;
  if ('id' in f) {
    q.where(column, f.id);
    return;
  }
  const pattern = likePattern(f.search);
  q.whereIn(column, db('users').select('id').whereRaw('(full_name ilike ? or email ilike ?)', [pattern, pattern]));
}

/** The filters, and for an export the last entry it holds (its own audit row comes after). */
export type AuditSelection = AuditFilters & { upToId?: number };

/** The filters as WHERE clauses on `audit_log as a` (the same for the page, the count and the CSV). */
export function auditWhere(db: Db, f: AuditSelection) {
  return (q: Knex.QueryBuilder) => {
    if (f.upToId !== undefined) q.where('a.id', '<=', f.upToId);
    byUser(q, db, 'a.actor_id', f.actor);
    byUser(q, db, 'a.target_user_id', f.target);
    if (f.action) q.where('a.action', f.action);
    const range = auditRange(f.from, f.to);
    if (range.from) q.where('a.created_at', '>=', range.from);
    if (range.to) q.where('a.created_at', '<', range.to);
  };
}

/** Entries with their actor and target, newest first (ties by id), on the (created_at, id) indexes. */
export function auditRows(db: Db, f: AuditSelection): Knex.QueryBuilder {
  return db('audit_log as a')
    .leftJoin('users as ac', 'ac.id', 'a.actor_id')
    .leftJoin('users as tu', 'tu.id', 'a.target_user_id')
    .select(...AUDIT_ROW_COLUMNS)
    .modify(auditWhere(db, f))
    .orderBy([
      { column: 'a.created_at', order: 'desc' },
      { column: 'a.id', order: 'desc' },
    ]);
}

export async function countAudit(db: Db, f: AuditSelection): Promise<number> {
  const rows: Array<{ count: number | string }> = await db('audit_log as a')
    .modify(auditWhere(db, f))
    .count('* as count');
  return Number(rows[0]?.count ?? 0);
}

/** GET /api/audit/read-many: one page (one query) and the total (a count), never one query per row. */
export async function readAuditLog(db: Db, query: AuditQuery): Promise<AuditLogResponse> {
  const rows = (await auditRows(db, query)
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage)) as AuditRow[];
  const total = await countAudit(db, query);
  return { entries: rows.map(presentAuditEntry), total };
}

/** The newest entry's id (0 for an empty log): an export holds the entries up to it. */
export async function lastAuditId(db: Db): Promise<number> {
  const rows: Array<{ max: number | string | null }> = await db('audit_log').max('id as max');
  return Number(rows[0]?.max ?? 0);
}

/** Who downloaded the log (it holds emails and addresses), with the filters they used. */
export async function auditAuditExport(
  trx: Knex.Transaction,
  entries: number,
  filters: AuditFilters,
  by: { actorId: number; ip: string },
): Promise<void> {
  const used = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  const action: AuditAction = 'audit.export';
  await audit(trx, { ...by, action, details: { entries, filters: used } });
}
