import type { Knex } from 'knex';
import type { AuditAction } from '@shared/types/audit';

/**
 * The one way the API writes `audit_log` (docs/areas/audit.md): `audit()` for one entry, `auditMany()`
 * for the entries of a set-based change (a bulk update, an import, a role change of many users). Always
 * in the transaction of the change, so the entry and the change commit together or not at all.
 */
export interface AuditEntry {
  actorId: number | null;
  /** One of the closed list in shared/src/types/audit.ts (docs/areas/audit.md). */
  action: AuditAction;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
  /** When it happened: only the demo seed's history (api/src/db/seed-history.ts) dates its entries; every writer of a change records now. */
  createdAt?: Date;
}

function rowOf(entry: AuditEntry) {
  return {
    actor_id: entry.actorId,
    action: entry.action,
    target_user_id: entry.targetUserId ?? null,
    details: entry.details ?? {},
    ip: entry.ip ?? null,
    ...(entry.createdAt ? { created_at: entry.createdAt.toISOString() } : {}),
  };
}

/** Records an admin action (sign in as, role switch, user changes, deletions). */
export async function audit(knex: Knex, entry: AuditEntry): Promise<void> {
  const row = rowOf(entry);
  await knex('audit_log').insert({ ...row, details: JSON.stringify(row.details) });
}

/**
 * Records many entries in ONE statement whatever their number (the entries travel as one JSON
 * parameter), so an import of 10,000 users writes its audit in one round trip.
 */
export async function auditMany(knex: Knex, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await knex.raw(
    `insert into audit_log (actor_id, action, target_user_id, details, ip, created_at)
     select e.actor_id, e.action, e.target_user_id, e.details, e.ip, coalesce(e.created_at, now())
     from jsonb_to_recordset(?::jsonb)
       as e(actor_id int, action text, target_user_id int, details jsonb, ip text, created_at timestamptz)`,
    [JSON.stringify(entries.map(rowOf))],
  );
}
