import Router from '@koa/router';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInAsSchema,
  signInSchema,
  signUpSchema,
  switchRoleSchema,
} from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { isAdministrator, type UserSubject } from '@shared/policies';
import { assertCan, sessionData } from '../../core/auth';
import { audit } from '../../core/audit';
import { endpoint } from '../../core/endpoint';
import { badRequest, HttpError, notFound, unauthorized } from '../../core/errors';
import { verifyPassword } from '../../core/password';
import { loadSessionUser } from '../../core/load-session-user';
import type { PortalContext, PortalState } from '../../core/context';
import { recordServerEvents } from '../analytics';
import { presentCurrentUser } from '../users';
import { deviceNonceFor, rememberDevice } from './device-cookie';
import * as limits from './limits';
import * as service from './service';

/** Starts a fresh session (new id, old one destroyed) for `userId`, and loads that user. */
async function startSession(ctx: PortalContext, userId: number, impersonatorId?: number) {
  const session = ctx.session;
  if (!session) throw new HttpError(500, 'internal_error', MESSAGES.internalError);
  const data = session;
  data.userId = userId;
  if (impersonatorId) data.impersonatorId = impersonatorId;
  else delete data.impersonatorId;
  await session.regenerate();
  const user = await loadSessionUser(ctx.deps.knex, userId, impersonatorId);
  if (!user) throw unauthorized();
  ctx.state.user = user;
  return presentCurrentUser(user);
}

/**
 * The subject of "sign in as": the user with the given email (404 when unknown). Asked of
 * administrators only (anyone else is refused before the lookup, so the answer says nothing of
 * which emails exist); the policy then refuses an administrator as the target.
 */
async function impersonationTarget(ctx: PortalContext): Promise<UserSubject> {
  assertCan(ctx, 'user:impersonate');
  const { email } = ctx.input as { email: string };
  const target = await service.findUserByEmail(ctx.deps.knex, email);
  if (!target) throw notFound(MESSAGES.userNotFound);
  return { id: target.id, role: target.role, isAdmin: target.is_admin };
}

/**
 * Sign-in, sign-up, password reset, sign in as and role switch. The writes that go with a session
 * change (a new member and their tags, a new password, a role and its audit row) commit in their
 * service's own transaction BEFORE the session is started: the session store writes through its
 * own connection (on PGlite the only one). The rate-limit counters are written outside any
 * transaction, so that a refused attempt still counts.
 */
export function authRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/auth' });

  router.post(
    '/signin',
    ...endpoint({ auth: false, input: signInSchema }, async (ctx) => {
      const { input } = ctx;
      const { knex, log } = ctx.deps;
      const user = await service.findUserByEmail(knex, input.email);
      const device = user ? deviceNonceFor(ctx, user.id) : null;
      // Counted before the password is checked, so simultaneous attempts cannot all get past the limits.
      const reserved = await limits.reserveSignIn(knex, input.email, ctx.ip, device);
      const ok = await verifyPassword(user?.password_hash, input.password);
      if (!user || !ok) {
        log.warn('sign-in failed', { email: input.email, ip: ctx.ip, knownDevice: device !== null });
        throw new HttpError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
      }
      await limits.signInSucceeded(knex, reserved);
      // The server's own analytics event (docs/areas/insights.md#events), before the session starts: one statement.
      await recordServerEvents(knex, [{ userId: user.id, role: user.role, name: 'signed_in' }]);
      rememberDevice(ctx, user.id);
      log.info('sign-in', { userId: user.id, ip: ctx.ip });
      ctx.body = { currentUser: await startSession(ctx, user.id) };
    }),
  );

  router.post(
    '/signup',
    ...endpoint({ auth: false, input: signUpSchema }, async (ctx) => {
      const { input } = ctx;
      await limits.assertSignUpAllowed(ctx.deps.knex, ctx.ip);
      const signuptags =
        input.signuptags ?? (typeof ctx.query.signuptags === 'string' ? ctx.query.signuptags : undefined);
      const id = await service.createMember(ctx.deps.knex, { ...input, signuptags });
      ctx.deps.log.info('sign-up', { userId: id, ip: ctx.ip });
      rememberDevice(ctx, id);
      ctx.status = 201;
      ctx.body = { currentUser: await startSession(ctx, id) };
    }),
  );

  router.post(
    '/signout',
    ...endpoint({ auth: false }, (ctx) => {
      // Deleting the session row also ends the streams it opened, on every instance (docs/areas/live.md).
      ctx.session = null;
      ctx.status = 204;
    }),
  );

  router.get(
    '/me',
    ...endpoint({ auth: { allowBlocked: true } }, (ctx) => {
      ctx.body = { currentUser: presentCurrentUser(ctx.user) };
    }),
  );

  // The board's welcome video, once per account (docs/areas/board.md, "Welcome video"). An admin
  // signed in as the member watches it without using up the member's once.
  router.put(
    '/me/welcome-seen',
    ...endpoint({ transaction: true }, async (ctx) => {
      const user = ctx.user.impersonator ? ctx.user : await service.markWelcomeSeen(ctx.trx, ctx.user);
      ctx.body = { currentUser: presentCurrentUser(user) };
    }),
  );

  router.post(
    '/forgot-password',
    ...endpoint({ auth: false, input: forgotPasswordSchema }, async (ctx) => {
      const { deps, ip, input } = ctx;
      await limits.assertForgotAllowed(deps.knex, ip);
      // Whether the email exists changes nothing before the answer: the lookup, token and mail are
      // the mail job's (committed before the answer, so it survives the process).
      await service.requestPasswordReset(deps, input.email, ip);
      ctx.body = { message: MESSAGES.forgotPasswordSent };
    }),
  );

  router.post(
    '/reset-password/:token',
    ...endpoint({ auth: false, input: resetPasswordSchema }, async (ctx) => {
      const userId = await service.resetPassword(ctx.deps.knex, ctx.params.token ?? '', ctx.input.password);
      if (!userId) throw badRequest(MESSAGES.resetTokenInvalid);
      ctx.deps.log.info('password reset', { userId, ip: ctx.ip });
      ctx.set('Referrer-Policy', 'no-referrer');
      rememberDevice(ctx, userId);
      ctx.body = { user: await startSession(ctx, userId), message: MESSAGES.passwordReset };
    }),
  );

  router.post(
    '/signinas',
    ...endpoint(
      {
        input: signInAsSchema,
        authorize: {
          action: 'user:impersonate',
          load: impersonationTarget,
          message: () => MESSAGES.cannotImpersonateAdmin,
        },
      },
      async (ctx) => {
        const admin = ctx.user;
        const target = ctx.subject;
        await audit(ctx.deps.knex, { actorId: admin.id, action: 'user.signinas', targetUserId: target.id, ip: ctx.ip });
        ctx.deps.log.info('sign in as', { adminId: admin.id, targetId: target.id });
        ctx.body = { currentUser: await startSession(ctx, target.id, admin.id) };
      },
    ),
  );

  /** Back to the administrator's own session; open to an impersonated member whose subscription is blocked. */
  router.post(
    '/signinas/return',
    ...endpoint({ auth: { allowBlocked: true } }, async (ctx) => {
      const user = ctx.user;
      const impersonatorId = sessionData(ctx).impersonatorId;
      if (!impersonatorId) throw badRequest('You are not signed in as another user');
      const admin = await loadSessionUser(ctx.deps.knex, impersonatorId);
      if (!admin || !isAdministrator(admin)) {
        ctx.session = null;
        throw unauthorized();
      }
      await audit(ctx.deps.knex, {
        actorId: admin.id,
        action: 'user.signinas.return',
        targetUserId: user.id,
        ip: ctx.ip,
      });
      ctx.body = { currentUser: await startSession(ctx, admin.id) };
    }),
  );

  router.post(
    '/switch-role',
    ...endpoint({ input: switchRoleSchema, authorize: 'user:switch-role' }, async (ctx) => {
      await service.switchRole(ctx.deps.knex, ctx.user, ctx.input.role, ctx.ip);
      ctx.body = { currentUser: await startSession(ctx, ctx.user.id) };
    }),
  );

  return router;
}
