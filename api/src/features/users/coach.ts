import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import { canCoach } from '@shared/policies';
import { badRequest } from '../../core/errors';

/** A user's coach as `{id, fullName}` (or null), for a query on `users u` (issue 13 §3). */
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
