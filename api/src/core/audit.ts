import type { Knex } from 'knex';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Records an admin action (sign in as, role switch, user changes, deletions). */
export async function audit(knex: Knex, entry: AuditEntry): Promise<void> {
  await knex('audit_log').insert({
    actor_id: entry.actorId,
    action: entry.action,
    target_user_id: entry.targetUserId ?? null,
    details: JSON.stringify(entry.details ?? {}),
    ip: entry.ip ?? null,
  });
}
