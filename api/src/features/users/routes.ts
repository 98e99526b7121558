import Router from '@koa/router';
import { COMMUNITY_PAGE_SIZE } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import {
  can,
  editableUserFields,
  refusedUserListFilters,
  userDirectoryScope,
  type UserSubject,
} from '@shared/policies';
import { userListQuerySchema, userUpsertSchema } from '@shared/schemas';
import { assertCan, auth, authorize, requireUser } from '../../core/auth';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../core/errors';
import { hashPassword } from '../../core/password';
import type { UserRow } from '../../models';
import { idParam, optionalId, parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { pickChanges, tagIdsOf, toColumns } from './fields';
import { presentPublicUser, presentUser } from './presenter';
import { COMMUNITY_ROLES, deleteUser, getUser, getUserWithTags, listUsers, saveUser } from './service';
import { addUserAdminRoutes } from './admin-routes';

const subjectOf = (row: Pick<UserRow, 'id' | 'role' | 'is_admin'>): UserSubject => ({
  id: row.id,
  role: row.role,
  isAdmin: row.is_admin,
});

/** Query values must be single strings: ?page=1&page=2 is a 400, not a 500. Empty means absent. */
function singleValues(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) throw badRequest('Repeated query parameter', { [k]: 'Give this parameter once' });
    if (v !== undefined && v !== '') out[k] = v;
  }
  return out;
}

/**
 * A user the actor asked for does not exist, or is outside their directory (a coach asking for
 * anyone but a premium member). Admins and coaches get 404; a member, who may read only
 * themselves, gets the same 403 as for any other id (no enumeration).
 */
function missingUser(ctx: PortalContext): never {
  if (can(requireUser(ctx), 'user:list')) throw notFound(MESSAGES.userNotFound);
  throw forbidden();
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
  router.get('/read-many', auth(), authorize('user:community'), async (ctx) => {
    const actor = requireUser(ctx);
    const raw = singleValues(ctx.query);
    const directory = userDirectoryScope(actor);
    const community = raw.scope === 'community' || directory === null;
    if (community && raw.usersPerPage === undefined) raw.usersPerPage = String(COMMUNITY_PAGE_SIZE);
    const query = await parse(userListQuerySchema, raw);
    if (community && query.role && !COMMUNITY_ROLES.includes(query.role)) {
      throw badRequest('Invalid role', { role: 'Choose basic or premium' });
    }
    // A coach's directory is premium members: another role or a subscription status filter is a 403.
    const { search, role, cityOrState, stripeStatus } = query;
    if (!community && refusedUserListFilters(actor, { search, role, cityOrState, stripeStatus }).length > 0) {
      throw forbidden();
    }
    const premiumMembersOnly = !community && directory === 'premium-members';
    const page = await listUsers(ctx.deps.knex, query, { community, premiumMembersOnly });
    ctx.body = {
      users: page.rows.map((r) => (community ? presentPublicUser(r) : presentUser(r, actor))),
      totalCount: page.totalCount,
      premiumCount: page.premiumCount,
      basicCount: page.basicCount,
    };
  });

  /** A user outside the actor's directory reads as missing: 404 to admins and coaches, 403 to members. */
  router.get('/:id', auth(), async (ctx) => {
    const id = idParam(ctx.params.id);
    const actor = requireUser(ctx);
    const row = await getUserWithTags(ctx.deps.knex, id);
    if (!row || !can(actor, 'user:read', subjectOf(row))) missingUser(ctx);
    ctx.body = { user: presentUser(row, actor) };
  });

  /**
   * The admin form and the profile page. Which fields the actor may change comes from the shared
   * policy (editableUserFields); everything else sent is dropped before validation and never
   * stored. Decision: an admin may create an account without a password; it then has no usable
   * password (password_hash null) and its owner sets one through "forgot password".
   */
  router.post('/upsert', auth(), async (ctx) => {
    const actor = requireUser(ctx);
    const body: unknown = ctx.request.body;
    const id = optionalId(body);
    const { knex, storage } = ctx.deps;

    const target = id ? await getUser(knex, id) : undefined;
    if (id && !target) missingUser(ctx);
    if (target) assertCan(ctx, 'user:update', subjectOf(target));
    else assertCan(ctx, 'user:create');
    const allowed = editableUserFields(actor, target ? subjectOf(target) : null);
    if (allowed.length === 0) throw forbidden();

    const changes = pickChanges(body, allowed);
    // Validate the user as it will be (current values plus the allowed changes), so a member's or
    // coach's partial update still satisfies the required fields.
    const candidate = target ? { fullName: target.full_name, email: target.email, ...changes } : changes;
    const input = await parse(userUpsertSchema, candidate, { email: 'users_email' });

    // A new photo must be one of our uploads; an unchanged one (the profile form sends it back) stays.
    if (input.photoUrl && input.photoUrl !== target?.photo_url && !storage.owns(input.photoUrl)) {
      throw badRequest('Choose a photo uploaded to the portal', { photoUrl: 'Choose a photo uploaded to the portal' });
    }

    const values = toColumns(input, changes, target);
    const passwordChanged = 'password' in changes && typeof input.password === 'string' && input.password !== '';
    if (passwordChanged) values.password_hash = await hashPassword(input.password!);
    const self = target?.id === actor.id;
    const roleChanged = target !== undefined && 'role' in values && values.role !== target.role;
    // A password change ends the user's other sessions (keeping the one that made it, when it is
    // their own); an admin changing someone's password or role ends all of that user's sessions.
    const revokeSessions =
      target && (passwordChanged || roleChanged) ? { exceptKey: self ? ctx.session?.externalKey : undefined } : null;

    let userId: number;
    try {
      userId = await saveUser(knex, {
        target,
        values,
        tagIds: 'Tags' in changes ? tagIdsOf(input.Tags) : undefined,
        resourceIds: 'Resources' in changes ? tagIdsOf(input.Resources) : undefined,
        passwordChanged,
        revokeSessions,
        auditBy: self ? null : { actorId: actor.id, ip: ctx.ip },
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_unique')) {
        throw conflict(MESSAGES.emailInUse, { users_email: MESSAGES.emailInUse });
      }
      throw err;
    }
    const row = await getUserWithTags(knex, userId);
    ctx.body = { user: presentUser(row!, actor), isNew: !target };
  });

  router.delete('/:id', auth(), authorize('user:delete'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const target = await getUser(ctx.deps.knex, id);
    if (!target) throw notFound(MESSAGES.userNotFound);
    const actor = assertCan(ctx, 'user:delete', subjectOf(target)); // never themselves
    await deleteUser(ctx.deps.knex, target, { actorId: actor.id, ip: ctx.ip });
    ctx.body = { success: true, message: MESSAGES.userDeleted };
  });

  return router;
}
