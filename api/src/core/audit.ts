import type { Knex } from 'knex';
import type { AuditAction } from '@shared/types/audit';

export interface AuditEntry {
  actorId: number | null;
  /** One of the closed list in shared/src/types/audit.ts (docs/areas/audit.md). */
  action: AuditAction;
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
