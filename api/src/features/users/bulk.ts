import type { Knex } from 'knex';
import type { AuditAction } from '@shared/types/audit';
import type { Role } from '@shared/limits';
import { isBulkStatusChangeable } from '@shared/policies';
import type { BulkUpdateInput } from '@shared/schemas';
import type { ValidateUsersCsvResponse } from '@shared/types';
import { auditMany } from '../../core/audit';
import { badRequest } from '../../core/errors';
import { applyBulkCoaches } from './coach';
import type { AuditBy } from './roles';

/** The audit action of each user a bulk update touched. */
const BULK_UPDATE_ACTION: AuditAction = 'user.bulk-update';

/** A JSON array bound as one parameter: `(select ... from jsonb_array_elements_text(?::jsonb))`. */
export const IDS_SQL = '(select (value)::int from jsonb_array_elements_text(?::jsonb))';
const LOWER_EMAILS_SQL = '(select lower(value) from jsonb_array_elements_text(?::jsonb))';

interface UserKey {
  id: number;
  email: string;
  role: Role;
  is_admin: boolean;
}

/** The distinct emails of a CSV (first spelling of each, case-insensitively) and those repeated. */
export function distinctEmails(emails: readonly string[]): { distinct: string[]; duplicates: string[] } {
  const seen = new Map<string, string>();
  const repeated = new Set<string>();
  for (const raw of emails) {
    const email = raw.trim();
    const key = email.toLowerCase();
    if (seen.has(key)) repeated.add(key);
    else seen.set(key, email);
  }
  return { distinct: [...seen.values()], duplicates: [...repeated].map((k) => seen.get(k)!) };
}

/** The accounts of these emails (case-insensitive), in one query over the lower(email) index. */
async function usersByEmail(db: Knex | Knex.Transaction, emails: readonly string[], lock = false): Promise<UserKey[]> {
  const q = db('users')
    .select('id', 'email', 'role', 'is_admin')
    .whereRaw(`lower(email) in ${LOWER_EMAILS_SQL}`, [JSON.stringify(emails)])
    .orderBy('id');
  if (lock) void q.forUpdate();
  return (await q) as UserKey[];
}

/**
 * PUT /api/user/validate-users-csv: docs/areas/users.md#data "Bulk CSV report" — which emails have an account
 * (found, by stored email), which do not (notFound) and which the CSV repeats (duplicates).
 */
export async function validateUsersCsv(knex: Knex, emails: readonly string[]): Promise<ValidateUsersCsvResponse> {
  const { distinct, duplicates } = distinctEmails(emails);
  const rows = await usersByEmail(knex, distinct);
  const byLower = new Map(rows.map((r) => [r.email.toLowerCase(), r.email]));
  const found: string[] = [];
  const notFound: string[] = [];
  for (const email of distinct) {
    const stored = byLower.get(email.toLowerCase());
    if (stored) found.push(stored);
    else notFound.push(email);
  }
  return { found, notFound, duplicates };
}

export interface BulkResult {
  updated: number;
  notFound: string[];
  roleUnchanged: string[];
}

/**
 * PUT /api/user/bulk-update: adds or removes tags and/or sets the status role (basic, premium)
 * for every account of the CSV, all in the caller's ONE transaction (a fault anywhere changes nothing).
 * Unknown tag ids refuse the call (400); emails without an account are left out and reported;
 * staff accounts (admin, coach) keep their role. Every statement is set-based: the number of
 * queries does not grow with the number of users.
 */
export async function bulkUpdate(trx: Knex.Transaction, input: BulkUpdateInput, by: AuditBy): Promise<BulkResult> {
  const { distinct } = distinctEmails(input.userEmails);
  const tagIds = [...new Set(input.tags)];
  if (input.availableAction) {
    const known = (await trx('tags').select('id').whereIn('id', tagIds)) as Array<{ id: number }>;
    if (known.length !== tagIds.length) throw badRequest('Unknown tag', { tags: 'Choose tags that exist' });
  }
  const users = await usersByEmail(trx, distinct, true);
  const foundLower = new Set(users.map((u) => u.email.toLowerCase()));
  const notFound = distinct.filter((e) => !foundLower.has(e.toLowerCase()));
  const ids = JSON.stringify(users.map((u) => u.id));
  const tags = JSON.stringify(tagIds);

  if (input.availableAction === 'add' && users.length > 0) {
    await trx.raw(
      `insert into user_tags (user_id, tag_id)
       select u.id, t.id from ${IDS_SQL} as u(id) cross join ${IDS_SQL} as t(id)
       on conflict do nothing`,
      [ids, tags],
    );
  } else if (input.availableAction === 'remove' && users.length > 0) {
    await trx.raw(`delete from user_tags where user_id in ${IDS_SQL} and tag_id in ${IDS_SQL}`, [ids, tags]);
  }

  const role = input.role as Role | null;
  const roleUnchanged = role
    ? users.filter((u) => !isBulkStatusChangeable({ role: u.role, isAdmin: u.is_admin })).map((u) => u.email)
    : [];
  const roleChanging = role
    ? users.filter((u) => isBulkStatusChangeable({ role: u.role, isAdmin: u.is_admin }) && u.role !== role)
    : [];
  if (role && roleChanging.length > 0) {
    await trx('users')
      .whereRaw(`id in ${IDS_SQL}`, [JSON.stringify(roleChanging.map((u) => u.id))])
      .update({ role, updated_at: trx.fn.now() });
  }

  const coachesSet = await applyBulkCoaches(trx, users, input.coaches);

  if (users.length > 0) {
    const fromRole = new Map(roleChanging.map((u) => [u.id, u.role]));
    const fields = [
      ...(input.availableAction ? ['Tags'] : []),
      ...(role ? ['role'] : []),
      ...(coachesSet ? ['coachId'] : []),
    ];
    await auditMany(
      trx,
      users.map((u) => ({
        actorId: by.actorId,
        action: BULK_UPDATE_ACTION,
        targetUserId: u.id,
        details: {
          fields,
          availableAction: input.availableAction ?? null,
          tags: tagIds,
          role,
          fromRole: fromRole.get(u.id) ?? null,
        },
        ip: by.ip,
      })),
    );
  }
  return { updated: users.length, notFound, roleUnchanged };
}
