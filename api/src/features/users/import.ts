import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import type { AuditAction } from '@shared/types/audit';
import { isBulkRoleChangeable } from '@shared/policies';
import { auditMany } from '../../core/audit';
import { conflict, isUniqueViolation } from '../../core/errors';
import { IDS_SQL } from './bulk';
import { coachIdsByEmail, coachProblem } from './coach';
import { throwRowErrors, type ImportRow, type RowError } from './import-rows';
import type { AuditBy } from './roles';

interface ExistingUser {
  id: number;
  email: string;
  full_name: string;
  role: Role;
  is_admin: boolean;
  city: string | null;
  state: string | null;
  country: string | null;
  phone_number: string | null;
  coach_id: number | null;
}

/** Import column -> users column, for the plain text columns. */
const COLUMNS = {
  fullName: 'full_name',
  role: 'role',
  city: 'city',
  state: 'state',
  country: 'country',
  phoneNumber: 'phone_number',
} as const satisfies Partial<Record<keyof ImportRow, keyof ExistingUser>>;

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

interface Plan {
  inserts: Array<Record<string, unknown>>;
  updates: Array<{ id: number } & Record<string, unknown>>;
  /** Tags to add: by user id (existing users) or by lower(email) (users being created). */
  tagsById: Array<{ user_id: number; tag_id: number }>;
  tagsByEmail: Array<{ email: string; tag_id: number }>;
  unchanged: number;
}

async function tagIdsByName(trx: Knex.Transaction, rows: readonly ImportRow[]): Promise<Map<string, number>> {
  const names = [...new Set(rows.flatMap((r) => r.tagNames ?? []).map((n) => n.toLowerCase()))];
  if (names.length === 0) return new Map();
  const found: Array<{ id: number; name: string }> = await trx('tags')
    .select('id', 'name')
    .whereRaw('lower(name) in (select value from jsonb_array_elements_text(?::jsonb))', [JSON.stringify(names)]);
  return new Map(found.map((t) => [t.name.toLowerCase(), t.id]));
}

/** What the file changes, worked out against the current rows; rows that change nothing are left alone. */
async function planImport(
  trx: Knex.Transaction,
  rows: readonly ImportRow[],
  rowErrors: readonly RowError[],
): Promise<Plan> {
  const existing = (await trx('users')
    .select('id', 'email', 'full_name', 'role', 'is_admin', 'city', 'state', 'country', 'phone_number', 'coach_id')
    .whereRaw('lower(email) in (select lower(value) from jsonb_array_elements_text(?::jsonb))', [
      JSON.stringify(rows.map((r) => r.email)),
    ])
    .forUpdate()) as ExistingUser[];
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  const tagIds = await tagIdsByName(trx, rows);
  const coaches = await coachIdsByEmail(
    trx,
    rows.map((r) => r.coachEmail),
  );
  const held: Array<{ user_id: number; tag_id: number }> = existing.length
    ? await trx('user_tags')
        .select('user_id', 'tag_id')
        .whereRaw(`user_id in ${IDS_SQL}`, [JSON.stringify(existing.map((u) => u.id))])
    : [];
  const heldKeys = new Set(held.map((h) => `${h.user_id}:${h.tag_id}`));

  const plan: Plan = { inserts: [], updates: [], tagsById: [], tagsByEmail: [], unchanged: 0 };
  const errors: RowError[] = [...rowErrors];
  for (const row of rows) {
    const unknown = (row.tagNames ?? []).filter((n) => !tagIds.has(n.toLowerCase()));
    if (unknown.length)
      errors.push({ line: row.line, message: `unknown tag ${unknown.map((n) => `"${n}"`).join(', ')}` });
    const wantedTags = (row.tagNames ?? []).map((n) => tagIds.get(n.toLowerCase())).filter((id): id is number => !!id);
    const user = byEmail.get(row.email.toLowerCase());
    const coachId = row.coachEmail === undefined ? undefined : coaches.get(row.coachEmail.toLowerCase());
    const coachError = coachProblem(row.email, row.coachEmail, coachId);
    if (coachError) errors.push({ line: row.line, message: coachError });
    if (!user) {
      if (!row.fullName) errors.push({ line: row.line, message: 'A new user needs a full name' });
      if (row.role === 'admin') errors.push({ line: row.line, message: 'Admin accounts are created in the user form' });
      const values: Record<string, unknown> = { email: row.email, role: row.role ?? 'basic' };
      for (const [field, column] of Object.entries(COLUMNS)) {
        if (field !== 'role') values[column] = row[field as keyof typeof COLUMNS] ?? null;
      }
      if (coachId !== undefined) values.coach_id = coachId;
      plan.inserts.push(values);
      for (const tagId of new Set(wantedTags)) plan.tagsByEmail.push({ email: row.email.toLowerCase(), tag_id: tagId });
      continue;
    }
    const changes: Record<string, unknown> = {};
    for (const [field, column] of Object.entries(COLUMNS)) {
      const value = row[field as keyof typeof COLUMNS];
      if (value !== undefined && value !== user[column]) changes[column] = value;
    }
    if (coachId !== undefined && coachId !== user.coach_id) changes.coach_id = coachId;
    if (
      changes.role !== undefined &&
      (!isBulkRoleChangeable({ role: user.role, isAdmin: user.is_admin }) || changes.role === 'admin')
    ) {
      errors.push({ line: row.line, message: `an import cannot change the role of ${user.email} to or from admin` });
    }
    const newTags = [...new Set(wantedTags)].filter((t) => !heldKeys.has(`${user.id}:${t}`));
    for (const tagId of newTags) plan.tagsById.push({ user_id: user.id, tag_id: tagId });
    if (Object.keys(changes).length > 0) plan.updates.push({ id: user.id, ...changes });
    if (Object.keys(changes).length === 0 && newTags.length === 0) plan.unchanged += 1;
  }
  throwRowErrors(errors);
  return plan;
}

const CHUNK = 500;

/**
 * POST /api/user/import: creates the file's new users and updates the existing ones (matched by
 * email, case-insensitively), adding the listed tags, in ONE transaction. Empty cells keep the
 * current value, so importing the same file again changes nothing (not even updated_at). New
 * users get no password: they set one through "forgot password". A role cannot be changed to or
 * from admin here. Any invalid row refuses the whole file.
 */
export async function importUsers(
  knex: Knex,
  rows: readonly ImportRow[],
  rowErrors: readonly RowError[],
  by: AuditBy,
): Promise<ImportResult> {
  let result: ImportResult;
  try {
    result = await knex.transaction(async (trx) => {
      const plan = await planImport(trx, rows, rowErrors);
      const created: Array<{ id: number; email: string }> = [];
      for (let i = 0; i < plan.inserts.length; i += CHUNK) {
        const batch: Array<{ id: number; email: string }> = await trx('users')
          .insert(plan.inserts.slice(i, i + CHUNK))
          .returning(['id', 'email']);
        created.push(...batch);
      }
      if (plan.updates.length > 0) {
        await trx.raw(
          `update users u set
             full_name = coalesce(v.full_name, u.full_name), role = coalesce(v.role, u.role),
             city = coalesce(v.city, u.city), state = coalesce(v.state, u.state),
             country = coalesce(v.country, u.country), phone_number = coalesce(v.phone_number, u.phone_number),
             coach_id = coalesce(v.coach_id, u.coach_id), updated_at = now()
           from jsonb_to_recordset(?::jsonb) as v(id int, full_name text, role text, city text, state text,
                                                 country text, phone_number text, coach_id int)
           where u.id = v.id`,
          [JSON.stringify(plan.updates)],
        );
      }
      const idOf = new Map(created.map((c) => [c.email.toLowerCase(), c.id]));
      const links = [
        ...plan.tagsById,
        ...plan.tagsByEmail.map((t) => ({ user_id: idOf.get(t.email)!, tag_id: t.tag_id })),
      ];
      if (links.length > 0) {
        await trx.raw(
          `insert into user_tags (user_id, tag_id)
           select user_id, tag_id from jsonb_to_recordset(?::jsonb) as l(user_id int, tag_id int)
           on conflict do nothing`,
          [JSON.stringify(links)],
        );
      }
      const touched: Array<{ id: number; action: AuditAction }> = [
        ...created.map((c) => ({ id: c.id, action: 'user.import.create' as const })),
        ...new Set([...plan.updates.map((u) => u.id), ...plan.tagsById.map((t) => t.user_id)]),
      ].map((t) => (typeof t === 'number' ? { id: t, action: 'user.import.update' as const } : t));
      await auditMany(
        trx,
        touched.map((t) => ({ actorId: by.actorId, action: t.action, targetUserId: t.id, ip: by.ip })),
      );
      return {
        created: created.length,
        updated: rows.length - created.length - plan.unchanged,
        unchanged: plan.unchanged,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) {
      throw conflict('Another change created one of these users at the same time. Import the file again.');
    }
    throw err;
  }
  if (result.created >= GIN_FLUSH_AFTER) await flushSearchIndexes(knex);
  return result;
}

/** A big import leaves rows in the trigram indexes' pending lists; search is slow until flushed. */
const GIN_FLUSH_AFTER = 500;
const SEARCH_INDEXES = ['users_full_name_trgm', 'users_email_trgm', 'users_city_state_trgm'];

/** Moves the pending entries into the GIN indexes now instead of at the next (auto)vacuum. */
async function flushSearchIndexes(knex: Knex): Promise<void> {
  try {
    for (const index of SEARCH_INDEXES) await knex.raw('select gin_clean_pending_list(?::regclass)', [index]);
  } catch {
    // Best effort: without the privilege, autovacuum does the same a little later.
  }
}
