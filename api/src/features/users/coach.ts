import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { canCoach } from '@shared/policies';
import { badRequest } from '../../core/errors';

/** A user's coach as `{id, fullName}` (or null), for a query on `users u` (docs/areas/review.md#a-members-coach). */
export const COACH_JSON_SQL = `(select json_build_object('id', c.id, 'fullName', c.full_name)
   from users c where c.id = u.coach_id)`;

/**
 * The coach an admin sets on a member must be a coach or an admin, and not the member (the shared
 * canCoach); 400 on coachId otherwise (an unknown id reads the same).
 */
export async function checkCoach(db: Knex | Knex.Transaction, coachId: number, memberId: number | null): Promise<void> {
  if (memberId !== null && coachId === memberId) {
    throw badRequest(MESSAGES.coachNotSelf, { coachId: MESSAGES.coachNotSelf });
  }
  const coach = await db('users').where({ id: coachId }).first<{ id: number; role: string } | undefined>('id', 'role');
  if (!coach || !canCoach(coach, { id: memberId ?? 0 })) {
    throw badRequest(MESSAGES.coachMustBeCoach, { coachId: MESSAGES.coachMustBeCoach });
  }
}

/** Everyone who may coach (role coach or admin), by name: the user form's Coach select (at most 500). */
export async function listCoachCandidates(
  db: Knex | Knex.Transaction,
): Promise<Array<{ id: number; full_name: string; role: Role }>> {
  return db('users')
    .whereIn('role', ['coach', 'admin'])
    .orderByRaw('lower(full_name), id')
    .limit(500)
    .select('id', 'full_name', 'role');
}

/**
 * The ids of the coaches (role coach or admin) with these emails, by lower(email), in one query;
 * an email of anyone else is left out (the import reports it as unknown).
 */
export async function coachIdsByEmail(
  db: Knex | Knex.Transaction,
  emails: ReadonlyArray<string | undefined>,
): Promise<Map<string, number>> {
  const wanted = [...new Set(emails.filter((e): e is string => Boolean(e)).map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db('users')
    .select<Array<{ id: number; email: string; role: string }>>('id', 'email', 'role')
    .whereRaw('lower(email) in (select value from jsonb_array_elements_text(?::jsonb))', [JSON.stringify(wanted)]);
  return new Map(rows.filter((r) => canCoach(r, { id: 0 })).map((r) => [r.email.toLowerCase(), r.id]));
}

/** The row error of an import's coach cell, or null: an unknown coach email, or the member themselves. */
export function coachProblem(memberEmail: string, coachEmail: string | undefined, coachId: number | undefined) {
  if (coachEmail === undefined) return null;
  if (coachEmail.toLowerCase() === memberEmail.toLowerCase()) return MESSAGES.coachNotSelf;
  if (coachId === undefined) return `${MESSAGES.coachUnknownEmail}: ${coachEmail.slice(0, 80)}`;
  return null;
}

/**
 * The coach column of a bulk update (docs/areas/review.md#a-members-coach) for the accounts `users` it found: each member's
 * coach by email ('' clears), in one set-based UPDATE. An email that is not a coach's or an
 * admin's, or a member's own, refuses the whole call (400 on coaches); rows naming an account the
 * CSV did not find are left out (reported as not found already). Returns whether it set any.
 */
export async function applyBulkCoaches(
  trx: Knex.Transaction,
  users: ReadonlyArray<{ id: number; email: string }>,
  rows: ReadonlyArray<{ email: string; coach?: string }>,
): Promise<boolean> {
  if (rows.length === 0) return false;
  const idOf = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
  const coaches = await coachIdsByEmail(
    trx,
    rows.map((r) => r.coach || undefined),
  );
  const values: Array<{ id: number; coach_id: number | null }> = [];
  for (const row of rows) {
    const id = idOf.get(row.email.toLowerCase());
    if (id === undefined) continue;
    const coach = row.coach ?? '';
    const coachId = coach ? coaches.get(coach.toLowerCase()) : undefined;
    const problem = coach ? coachProblem(row.email, coach, coachId) : null;
    if (problem) throw badRequest(problem, { coaches: problem });
    values.push({ id, coach_id: coachId ?? null });
  }
  if (values.length === 0) return false;
  await trx.raw(
    `update users u set coach_id = v.coach_id, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as v(id int, coach_id int)
      where u.id = v.id and u.coach_id is distinct from v.coach_id`,
    [JSON.stringify(values)],
  );
  return true;
}
