import type { Knex } from 'knex';
import { editableUserFields, type Principal, type UserSubject } from '@shared/policies';
import type { UserUpsertRequest } from '@shared/schemas';
import { badRequest } from '../../core/errors';
import { hashPassword } from '../../core/password';
import type { UserRow } from '../../models';
import { checkCoach } from './coach';
import { pickChanges, tagIdsOf, toColumns } from './fields';
import { saveUser, type UserWrite } from './service';

/** A users row as the subject of the shared user policies. */
export const subjectOf = (row: Pick<UserRow, 'id' | 'role' | 'is_admin'>): UserSubject => ({
  id: row.id,
  role: row.role,
  isAdmin: row.is_admin,
});

/** One create or update of a user (POST /api/user/upsert), after validation and authorization. */
export interface UpsertUserCommand {
  actor: Principal;
  /** The user being updated (loaded by the route's policy); undefined creates one. */
  target: UserRow | undefined;
  /** The validated request (userUpsertRequestSchema). */
  input: UserUpsertRequest;
  /** Whether a photo URL is one of the portal's uploads (the storage adapter's `owns`). */
  ownsUpload: (url: string) => unknown;
  /** The session key of the request: kept when a user changes their own password. */
  sessionKey?: string;
  ip: string;
}

export const PHOTO_NOT_UPLOADED = 'Choose a photo uploaded to the portal';

/**
 * What an upsert writes, without touching the database: the fields the actor may change
 * (`editableUserFields`, the shared policy; everything else sent is dropped), as users columns; the
 * password hash; whether the user's sessions end and whether the change is audited. Throws a 400 for a
 * photo that is not one of the portal's uploads.
 */
export async function planUserUpsert(command: UpsertUserCommand): Promise<UserWrite & { coachId: number | null }> {
  const { actor, target, input } = command;
  const allowed = editableUserFields(actor, target ? subjectOf(target) : null);
  const changes = pickChanges(input, allowed);
  const photoUrl = typeof changes.photoUrl === 'string' ? changes.photoUrl : null;
  // A new photo must be one of our uploads; an unchanged one (the profile form sends it back) stays.
  if (photoUrl && photoUrl !== target?.photo_url && !command.ownsUpload(photoUrl)) {
    throw badRequest(PHOTO_NOT_UPLOADED, { photoUrl: PHOTO_NOT_UPLOADED });
  }
  const values = toColumns(input, changes, target);
  const passwordChanged = typeof changes.password === 'string' && changes.password !== '';
  if (passwordChanged) values.password_hash = await hashPassword(changes.password as string);
  const self = target?.id === actor.id;
  const roleChanged = target !== undefined && 'role' in values && values.role !== target.role;
  return {
    target,
    values,
    tagIds: 'Tags' in changes ? tagIdsOf(input.Tags) : undefined,
    resourceIds: 'Resources' in changes ? tagIdsOf(input.Resources) : undefined,
    passwordChanged,
    // A password change ends the user's other sessions (keeping the one that made it, when it is
    // their own); an admin changing someone's password or role ends all of that user's sessions.
    revokeSessions:
      target && (passwordChanged || roleChanged) ? { exceptKey: self ? command.sessionKey : undefined } : null,
    auditBy: self ? null : { actorId: actor.id, ip: command.ip },
    coachId: typeof changes.coachId === 'number' ? changes.coachId : null,
  };
}

/**
 * Creates or updates a user in the caller's transaction: plans the write, checks a new coach (a coach
 * or an admin, never the member themselves), saves the user, their tags and resources, the audit entry
 * and the session revocation. Returns the user's id; a taken email is a 409.
 */
export async function upsertUser(trx: Knex.Transaction, command: UpsertUserCommand): Promise<number> {
  const { coachId, ...write } = await planUserUpsert(command);
  if (coachId !== null) await checkCoach(trx, coachId, command.target?.id ?? null);
  return saveUser(trx, write);
}
