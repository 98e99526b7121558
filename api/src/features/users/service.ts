import type { Knex } from 'knex';
import { BLOCKED_STRIPE_STATUSES, STRIPE_STATUS_BLOCKED_FILTER, type Role } from '@shared/limits';
import { COACH_DIRECTORY_ROLE } from '@shared/policies';
import type { UserListQuery } from '@shared/schemas';
import { audit } from '../../core/audit';
import { likePattern, USER_TAGS_JSON_SQL } from '../../db/sql';
import { revokeUserSessions } from '../../core/session';
import { MESSAGES } from '@shared/messages';
import { conflict, isUniqueViolation } from '../../core/errors';
import { User, type Tag, type UserRow } from '../../models';
import { changedFieldNames } from './fields';
import { replaceOwnedResources, RESOURCES_JSON_SQL } from '../resources';
import type { UserRowWithRelations } from './presenter';
import { COACH_JSON_SQL } from './coach';

/** docs/areas/users.md#screens: the community search lists only basic and premium users. */
export const COMMUNITY_ROLES: readonly Role[] = ['basic', 'premium'];

/** The exact expression of the users_city_state_trgm index, so the planner can use it. */
const CITY_STATE_SQL = `(coalesce(u.city,'') || ' ' || coalesce(u.state,''))`;

export interface ListScope {
  /** Members search the community: basic and premium users, by name only, no Stripe filter. */
  community: boolean;
  /** A coach's User Dashboard: premium members only (docs/areas/users.md#who-may-do-what), rows and counts alike. */
  premiumMembersOnly?: boolean;
  /** Only the members of this coach (the "My members" filter; docs/areas/review.md#a-members-coach). */
  coachId?: number | null;
}

/** Every filter is an ILIKE the trigram GIN indexes serve (full_name, email, city/state). */
function applyFilters(q: Knex.QueryBuilder, query: UserListQuery, scope: ListScope): Knex.QueryBuilder {
  if (scope.community) q.whereIn('u.role', COMMUNITY_ROLES);
  // The same rule as the shared policy's isPremiumMember, in SQL.
  if (scope.premiumMembersOnly) q.where('u.role', COACH_DIRECTORY_ROLE).where('u.is_admin', false);
  if (query.search) {
    const pattern = likePattern(query.search);
    // Members must not be able to probe email addresses: name only.
    if (scope.community) q.whereRaw('u.full_name ilike ?', [pattern]);
    else q.whereRaw('(u.full_name ilike ? or u.email ilike ?)', [pattern, pattern]);
  }
  if (query.role) q.where('u.role', query.role);
  if (scope.coachId && !scope.community) q.where('u.coach_id', scope.coachId);
  if (query.cityOrState) q.whereRaw(`${CITY_STATE_SQL} ilike ?`, [likePattern(query.cityOrState)]);
  // Members cannot filter by subscription status (it would reveal who is unpaid).
  if (query.stripeStatus && !scope.community) {
    if (query.stripeStatus === STRIPE_STATUS_BLOCKED_FILTER)
      q.whereRaw(SUBSCRIPTION_BLOCKED_SQL, BLOCKED_STRIPE_STATUSES);
    else q.where('u.stripe_status', query.stripeStatus);
  }
  return q;
}

/**
 * `isSubscriptionBlocked` of the shared policy in SQL (a test checks they agree on every case): a
 * blocking status, no Always grant access, not an administrator (role admin or the isAdmin flag).
 * Binds BLOCKED_STRIPE_STATUSES.
 */
export const SUBSCRIPTION_BLOCKED_SQL = `(u.stripe_status in (${BLOCKED_STRIPE_STATUSES.map(() => '?').join(', ')})
  and not u.always_grant_access and u.role <> 'admin' and not u.is_admin)`;

export interface UserPage {
  rows: UserRowWithRelations[];
  totalCount: number;
  premiumCount: number;
  basicCount: number;
}

const PUBLIC_COLUMNS = ['u.id', 'u.full_name', 'u.photo_url', 'u.city', 'u.state', 'u.country', 'u.role'];

/**
 * The two queries of a list request: one aggregate for the counts and one for the page with each
 * user's tags aggregated in a subquery. Exported so a test can EXPLAIN them.
 */
export function userListQueries(knex: Knex, query: UserListQuery, scope: ListScope) {
  const counts = applyFilters(knex('users as u'), query, scope).select(
    knex.raw('count(*)::int as total'),
    knex.raw(`count(*) filter (where u.role = 'premium')::int as premium`),
    knex.raw(`count(*) filter (where u.role = 'basic')::int as basic`),
  );
  const page = applyFilters(knex('users as u'), query, scope)
    .select(
      scope.community
        ? PUBLIC_COLUMNS
        : [
            'u.*',
            knex.raw(`${USER_TAGS_JSON_SQL} as tags`),
            knex.raw(`${RESOURCES_JSON_SQL} as resources`),
            knex.raw(`${COACH_JSON_SQL} as coach`),
          ],
    )
    .orderBy([
      { column: 'u.created_at', order: 'desc' },
      { column: 'u.id', order: 'desc' },
    ])
    .limit(query.usersPerPage)
    .offset((query.page - 1) * query.usersPerPage);
  return { counts, page };
}

/** A page of users and the counts over every match: two queries whatever the page size (no N+1). */
export async function listUsers(knex: Knex, query: UserListQuery, scope: ListScope): Promise<UserPage> {
  const q = userListQueries(knex, query, scope);
  const counts = (await q.counts) as Array<{ total: number; premium: number; basic: number }>;
  const rows = (await q.page) as UserRowWithRelations[];
  const c = counts[0];
  return { rows, totalCount: c?.total ?? 0, premiumCount: c?.premium ?? 0, basicCount: c?.basic ?? 0 };
}

/**
 * One user as the admin form shows it: the row with its tags and its coach through the model's
 * relations (one query per relation), and the resources it owns (the resources feature's aggregate).
 */
export async function getUserWithTags(knex: Knex, id: number): Promise<UserRowWithRelations | undefined> {
  const found = (await User.query(knex)
    .alias('u')
    .findById(id)
    .select('u.*', knex.raw(`${RESOURCES_JSON_SQL} as resources`))
    .withGraphFetched('[tags(ref), coach(name)]')
    .modifiers({
      name: (q) => {
        void q.select('id', 'full_name');
      },
    })) as (User & { tags: Tag[]; coach: User | null; resources: UserRowWithRelations['resources'] }) | undefined;
  if (!found) return undefined;
  const { tags, coach, ...row } = found;
  return {
    ...(row as UserRow & Pick<UserRowWithRelations, 'resources'>),
    tags: tags.map((t) => ({ id: t.id, name: t.name })),
    coach: coach ? { id: coach.id, fullName: coach.full_name } : null,
  };
}

export async function getUser(knex: Knex, id: number): Promise<UserRow | undefined> {
  return User.query(knex).findById(id);
}

export interface UserWrite {
  /** The user being updated; undefined creates one. */
  target: UserRow | undefined;
  /** users columns to write (already validated and allowed for the actor). */
  values: Record<string, unknown>;
  /** Replace the user's tag set with these ids (unknown ids are ignored); undefined leaves tags alone. */
  tagIds?: number[];
  /** Replace the resources the user owns (admin form's Owned Resources); undefined leaves them alone. */
  resourceIds?: number[];
  passwordChanged: boolean;
  /** End the user's sessions after the change, except the one with this cookie key (if any). */
  revokeSessions: { exceptKey?: string } | null;
  /** Record the change in the audit log (admin and coach changes to other users). */
  auditBy: { actorId: number; ip: string } | null;
}

/**
 * Creates or updates a user, their tags, the audit row and the session revocation in the caller's
 * transaction: either all of it happens or none of it. Returns the user's id; a taken email is a 409.
 */
export async function saveUser(trx: Knex.Transaction, write: UserWrite): Promise<number> {
  try {
    return await writeUser(trx, write);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_unique')) {
      throw conflict(MESSAGES.emailInUse, { users_email: MESSAGES.emailInUse });
    }
    throw err;
  }
}

async function writeUser(trx: Knex.Transaction, write: UserWrite): Promise<number> {
  const { target, values } = write;
  let id: number;
  if (target) {
    id = target.id;
    if (Object.keys(values).length > 0)
      await trx('users')
        .where({ id })
        .update({ ...values, updated_at: trx.fn.now() });
  } else {
    const [row] = await trx('users').insert(values).returning<Array<{ id: number }>>('id');
    id = row!.id;
  }
  let tagsChanged = false;
  if (write.tagIds) {
    const wanted = write.tagIds.length
      ? ((await trx('tags').select('id').whereIn('id', write.tagIds)) as Array<{ id: number }>).map((r) => r.id)
      : [];
    const before = target
      ? ((await trx('user_tags').select('tag_id').where({ user_id: id })) as Array<{ tag_id: number }>).map(
          (r) => r.tag_id,
        )
      : [];
    tagsChanged = wanted.length !== before.length || wanted.some((t) => !before.includes(t));
    if (tagsChanged) {
      await trx('user_tags').where({ user_id: id }).del();
      if (wanted.length) await trx('user_tags').insert(wanted.map((tagId) => ({ user_id: id, tag_id: tagId })));
    }
  }
  const resourcesChanged = write.resourceIds ? await replaceOwnedResources(trx, id, write.resourceIds) : false;
  if (write.auditBy) {
    const fields = changedFieldNames(target, values);
    if (tagsChanged) fields.push('Tags');
    if (resourcesChanged) fields.push('Resources');
    if (write.passwordChanged) fields.push('password'); // the name only, never the value
    await audit(trx, {
      actorId: write.auditBy.actorId,
      action: target ? 'user.update' : 'user.create',
      targetUserId: id,
      details: { fields },
      ip: write.auditBy.ip,
    });
  }
  if (target && write.revokeSessions) await revokeUserSessions(trx, id, write.revokeSessions.exceptKey);
  return id;
}

/** Deletes a user, audited in the same transaction; their sessions, tags and reset tokens go with them (ON DELETE CASCADE). */
export async function deleteUser(
  trx: Knex.Transaction,
  target: UserRow,
  by: { actorId: number; ip: string },
): Promise<void> {
  await audit(trx, {
    actorId: by.actorId,
    action: 'user.delete',
    targetUserId: null,
    details: { userId: target.id, email: target.email },
    ip: by.ip,
  });
  await User.query(trx).deleteById(target.id);
}
