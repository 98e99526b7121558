import Router from '@koa/router';
import { COMMUNITY_PAGE_SIZE } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import {
  can,
  coachFilterFor,
  editableUserFields,
  refusedUserListFilters,
  userDirectoryScope,
  type UserSubject,
} from '@shared/policies';
import { userListQuerySchema, userUpsertSchema } from '@shared/schemas';
import type { Policy } from '../../core/authorize';
import { badRequest, notFound } from '../../core/errors';
import { endpoint } from '../../core/endpoint';
import { hashPassword } from '../../core/password';
import { assertCan, refuse, requireUser } from '../../core/refuse';
import type { UserRow } from '../../models';
import { optionalId, parse, singleQuery } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { checkCoach, listCoachCandidates } from './coach';
import { pickChanges, tagIdsOf, toColumns } from './fields';
import { presentPublicUser, presentUser, type UserRowWithRelations } from './presenter';
import { COMMUNITY_ROLES, deleteUser, getUser, getUserWithTags, listUsers, saveUser } from './service';
import { addUserAdminRoutes } from './admin-routes';

const subjectOf = (row: Pick<UserRow, 'id' | 'role' | 'is_admin'>): UserSubject => ({
  id: row.id,
  role: row.role,
  isAdmin: row.is_admin,
});

/** A user as the subject of a policy, with the row it was read from (for the handler). */
type UserWithRow<R> = UserSubject & { row: R };

/**
 * A user the actor asked for does not exist, or is outside their directory (a coach asking for
 * anyone but a premium member). Admins and coaches get 404; a member, who may read only
 * themselves, gets the same (logged) 403 as for any other id (no enumeration).
 */
function missingUser(ctx: PortalContext, action: 'user:read' | 'user:update'): never {
  if (can(requireUser(ctx), 'user:list')) throw notFound(MESSAGES.userNotFound);
  refuse(ctx, action);
}

/** GET /:id: the user `:id` with tags and resources, if the actor may read them (else missingUser). */
const readableUserPolicy: Policy<UserWithRow<UserRowWithRelations>> = {
  action: 'user:read',
  load: async (ctx) => {
    const row = await getUserWithTags(ctx.deps.knex, (ctx.input as { id: number }).id);
    if (!row || !can(requireUser(ctx), 'user:read', subjectOf(row))) missingUser(ctx, 'user:read');
    return { ...subjectOf(row), row };
  },
};

/**
 * POST /upsert: the user of the body's optional `id` (a 400 for a malformed one; missingUser for
 * an unknown one), checked for 'user:update'; without an id, 'user:create' is asked here and the
 * subject is undefined.
 */
const upsertTargetPolicy: Policy<UserWithRow<UserRow> | undefined> = {
  action: 'user:update',
  load: async (ctx) => {
    const id = optionalId(ctx.request.body);
    if (!id) {
      assertCan(ctx, 'user:create');
      return undefined;
    }
    const target = await getUser(ctx.deps.knex, id);
    if (!target) missingUser(ctx, 'user:update');
    return { ...subjectOf(target), row: target };
  },
};

/** DELETE /:id: admins only (asked before the lookup), never themselves; 404 for an unknown id. */
const deletableUserPolicy: Policy<UserWithRow<UserRow>> = {
  action: 'user:delete',
  load: async (ctx) => {
    assertCan(ctx, 'user:delete');
    const target = await getUser(ctx.deps.knex, (ctx.input as { id: number }).id);
    if (!target) throw notFound(MESSAGES.userNotFound);
    return { ...subjectOf(target), row: target };
  },
};

/** The list's query: single values; the community search pages by COMMUNITY_PAGE_SIZE unless asked. */
function listQuery(ctx: PortalContext): Record<string, string> {
  const raw = singleQuery(ctx);
  const community = raw.scope === 'community' || userDirectoryScope(ctx.state.user ?? null) === null;
  if (community && raw.usersPerPage === undefined) raw.usersPerPage = String(COMMUNITY_PAGE_SIZE);
  return raw;
}

export function userRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/user' });
  // Fixed paths (export, bulk-update, import ...) before '/:id', so they are not read as ids.
  addUserAdminRoutes(router);

  /**
   * Admins and coaches: the User Dashboard (full users with tags, search over name and email).
   * Everyone else, and anyone asking with scope=community: the community search (basic and
   * premium users, public fields only, search over names only).
   */
  router.get(
    '/read-many',
    ...endpoint({ input: userListQuerySchema, from: listQuery, authorize: 'user:community' }, async (ctx) => {
      const actor = ctx.user;
      const query = ctx.input;
      const directory = userDirectoryScope(actor);
      const community = query.scope === 'community' || directory === null;
      if (community && query.role && !COMMUNITY_ROLES.includes(query.role)) {
        throw badRequest('Invalid role', { role: 'Choose basic or premium' });
      }
      // A coach's directory is premium members: another role or a subscription status filter is a 403.
      const { search, role, cityOrState, stripeStatus } = query;
      if (!community && refusedUserListFilters(actor, { search, role, cityOrState, stripeStatus }).length > 0) {
        refuse(ctx, 'user:list');
      }
      // "My members" (issue 13 §3): the shared policy says whose members the viewer may filter by.
      const coachId = query.coach ? coachFilterFor(actor, query.coach === 'mine' ? 'mine' : Number(query.coach)) : null;
      if (query.coach && (community || coachId === null)) refuse(ctx, 'user:list');
      const premiumMembersOnly = !community && directory === 'premium-members';
      const page = await listUsers(ctx.deps.knex, query, { community, premiumMembersOnly, coachId });
      ctx.body = {
        users: page.rows.map((r) => (community ? presentPublicUser(r) : presentUser(r, actor))),
        totalCount: page.totalCount,
        premiumCount: page.premiumCount,
        basicCount: page.basicCount,
      };
    }),
  );

  /** The users who may coach a member (role coach or admin): the Coach select of the user form (admins). */
  router.get(
    '/coaches',
    ...endpoint({ authorize: 'user:set-coach' }, async (ctx) => {
      const rows = await listCoachCandidates(ctx.deps.knex);
      ctx.body = { coaches: rows.map((r) => ({ id: r.id, fullName: r.full_name, role: r.role })) };
    }),
  );

  /** A user outside the actor's directory reads as missing: 404 to admins and coaches, 403 to members. */
  router.get(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: readableUserPolicy }, (ctx) => {
      ctx.body = { user: presentUser(ctx.subject.row, ctx.user) };
    }),
  );

  /**
   * The admin form and the profile page. Which fields the actor may change comes from the shared
   * policy (editableUserFields); everything else sent is dropped before validation and never
   * stored. Decision: an admin may create an account without a password; it then has no usable
   * password (password_hash null) and its owner sets one through "forgot password".
   */
  router.post(
    '/upsert',
    ...endpoint({ authorize: upsertTargetPolicy, transaction: true }, async (ctx) => {
      const actor = ctx.user;
      const target = ctx.subject?.row;
      const allowed = editableUserFields(actor, ctx.subject ?? null);
      if (allowed.length === 0) refuse(ctx, target ? 'user:update' : 'user:create');

      // The input is validated here, not by the chain: which fields count depends on the target
      // loaded by the policy. The user is validated as it will be (current values plus the allowed
      // changes), so a member's or coach's partial update still satisfies the required fields.
      const changes = pickChanges(ctx.request.body, allowed);
      const candidate = target ? { fullName: target.full_name, email: target.email, ...changes } : changes;
      const input = await parse(userUpsertSchema, candidate, { email: 'users_email' });

      // A new photo must be one of our uploads; an unchanged one (the profile form sends it back) stays.
      if (input.photoUrl && input.photoUrl !== target?.photo_url && !ctx.deps.storage.owns(input.photoUrl)) {
        throw badRequest('Choose a photo uploaded to the portal', {
          photoUrl: 'Choose a photo uploaded to the portal',
        });
      }

      if (input.coachId) await checkCoach(ctx.trx, input.coachId, target?.id ?? null);
      const values = toColumns(input, changes, target);
      const passwordChanged = 'password' in changes && typeof input.password === 'string' && input.password !== '';
      if (passwordChanged) values.password_hash = await hashPassword(input.password!);
      const self = target?.id === actor.id;
      const roleChanged = target !== undefined && 'role' in values && values.role !== target.role;
      // A password change ends the user's other sessions (keeping the one that made it, when it is
      // their own); an admin changing someone's password or role ends all of that user's sessions.
      const revokeSessions =
        target && (passwordChanged || roleChanged) ? { exceptKey: self ? ctx.session?.externalKey : undefined } : null;

      const userId = await saveUser(ctx.trx, {
        target,
        values,
        tagIds: 'Tags' in changes ? tagIdsOf(input.Tags) : undefined,
        resourceIds: 'Resources' in changes ? tagIdsOf(input.Resources) : undefined,
        passwordChanged,
        revokeSessions,
        auditBy: self ? null : { actorId: actor.id, ip: ctx.ip },
      });
      const row = await getUserWithTags(ctx.trx, userId);
      ctx.body = { user: presentUser(row!, actor), isNew: !target };
    }),
  );

  router.delete(
    '/:id',
    ...endpoint({ ids: ['id'], authorize: deletableUserPolicy, transaction: true }, async (ctx) => {
      await deleteUser(ctx.trx, ctx.subject.row, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.body = { success: true, message: MESSAGES.userDeleted };
    }),
  );

  return router;
}
