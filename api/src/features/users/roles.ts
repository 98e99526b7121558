import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import type { AuditAction } from '@shared/types/audit';
import { MESSAGES } from '@shared/messages';
import { isBulkRoleChangeable } from '@shared/policies';
import { auditMany } from '../../core/audit';
import { badRequest, notFound } from '../../core/errors';

export const ADMIN_ROLE_UNCHANGEABLE = 'Admin accounts cannot be changed in bulk. Edit them one at a time.';

export interface AuditBy {
  actorId: number;
  ip: string;
}

/** One audit entry per user whose role changed, written in the caller's transaction (one statement). */
export async function auditRoleChanges(
  trx: Knex.Transaction,
  action: AuditAction,
  changes: ReadonlyArray<{ id: number; from: Role }>,
  to: Role,
  by: AuditBy,
): Promise<void> {
  await auditMany(
    trx,
    changes.map((c) => ({
      actorId: by.actorId,
      action,
      targetUserId: c.id,
      details: { fields: ['role'], from: c.from, to },
      ip: by.ip,
    })),
  );
}

/**
 * POST /api/user/upgrade-role: gives every selected user `newRole`, in the caller's ONE transaction. Any
 * unknown id (404) or admin account (400) refuses the whole call; nothing changes (the caller's
 * transaction is rolled back). Roles are read
 * from the database on every request, so the change takes effect at the users' next request
 * without ending their sessions. Returns how many users were selected (all now have newRole).
 */
export async function upgradeRoles(
  trx: Knex.Transaction,
  ids: readonly number[],
  newRole: Role,
  by: AuditBy,
): Promise<number> {
  const wanted = [...new Set(ids)];
  const rows = (await trx('users')
    .select('id', 'role', 'is_admin')
    .whereIn('id', wanted)
    .orderBy('id')
    .forUpdate()) as Array<{ id: number; role: Role; is_admin: boolean }>;
  if (rows.length !== wanted.length) throw notFound(MESSAGES.userNotFound);
  if (rows.some((r) => !isBulkRoleChangeable({ role: r.role, isAdmin: r.is_admin }))) {
    throw badRequest(ADMIN_ROLE_UNCHANGEABLE, { users: ADMIN_ROLE_UNCHANGEABLE });
  }
  const changing = rows.filter((r) => r.role !== newRole);
  if (changing.length > 0) {
    await trx('users')
      .whereIn(
        'id',
        changing.map((r) => r.id),
      )
      .update({ role: newRole, updated_at: trx.fn.now() });
    await auditRoleChanges(
      trx,
      'user.upgrade-role',
      changing.map((r) => ({ id: r.id, from: r.role })),
      newRole,
      by,
    );
  }
  return wanted.length;
}
