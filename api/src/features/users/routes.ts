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
import { userListQuerySchema, userUpsertRequestSchema, type UserUpsertRequest } from '@shared/schemas';
import type { Policy } from '../../core/authorize';
import { badRequest, notFound } from '../../core/errors';
import { endpoint } from '../../core/endpoint';
import { assertCan, refuse, requireUser } from '../../core/refuse';
import type { UserRow } from '../../models';
import { singleQuery } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { listCoachCandidates } from './coach';
import { presentPublicUser, presentUser, type UserRowWithRelations } from './presenter';
import { COMMUNITY_ROLES, deleteUser, getUser, getUserWithTags, listUsers } from './service';
import { subjectOf, upsertUser } from './upsert';
import { addUserAdminRoutes } from './admin-routes';

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
 * POST /upsert: the user of the validated input's optional `id` (missingUser for an unknown one),
 * checked for 'user:update' and refused when the shared policy leaves the actor no field of that user
 * to change (editableUserFields); without an id, 'user:create' is asked here and the subject is undefined.
 */
const upsertTargetPolicy: Policy<UserWithRow<UserRow> | undefined> = {
  action: 'user:update',
  load: async (ctx) => {
    const { id } = ctx.input as UserUpsertRequest;
    if (!id) {
      assertCan(ctx, 'user:create');
      return undefined;
    }
    const target = await getUser(ctx.deps.knex, id);
    if (!target) missingUser(ctx, 'user:update');
    const subject = subjectOf(target);
    if (editableUserFields(requireUser(ctx), subject).length === 0) refuse(ctx, 'user:update');
    return { ...subject, row: target };
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
      // "My members" (docs/areas/review.md): the shared policy says whose members the viewer may filter by.
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
   * policy (editableUserFields); everything else sent is dropped and never stored (upsert.ts).
   * Decision: an admin may create an account without a password; it then has no usable password
   * (password_hash null) and its owner sets one through "forgot password".
   */
  router.post(
    '/upsert',
    ...endpoint(
      {
        input: userUpsertRequestSchema,
        rename: { email: 'users_email' },
        authorize: upsertTargetPolicy,
        transaction: true,
      },
      async (ctx) => {
        const target = ctx.subject?.row;
        const userId = await upsertUser(ctx.trx, {
          actor: ctx.user,
          target,
          input: ctx.input,
          ownsUpload: (url) => ctx.deps.storage.owns(url),
          sessionKey: ctx.session?.externalKey,
          ip: ctx.ip,
        });
        const row = await getUserWithTags(ctx.trx, userId);
        ctx.body = { user: presentUser(row!, ctx.user), isNew: !target };
      },
    ),
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
