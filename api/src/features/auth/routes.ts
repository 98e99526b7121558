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
import { can, isAdministrator } from '@shared/policies';
import type { Role } from '@shared/limits';
import { assertCan, auth, currentUser, requireUser, sessionData } from '../../core/auth';
import { audit } from '../../core/audit';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../core/errors';
import { verifyPassword } from '../../core/password';
import { loadSessionUser } from '../../core/load-session-user';
import { parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { presentCurrentUser } from '../users/presenter';
import { runAfterResponse } from './after-response';
import { deviceNonceFor, rememberDevice } from './device-cookie';
import * as limits from './limits';
import * as service from './service';

/** Starts a fresh session (new id, old one destroyed) for `userId`, and loads that user. */
async function startSession(ctx: PortalContext, userId: number, impersonatorId?: number) {
  const session = ctx.session;
  if (!session) throw new HttpError(500, 'internal_error', MESSAGES.internalError);
  const data = session as unknown as { userId?: number; impersonatorId?: number };
  data.userId = userId;
  if (impersonatorId) data.impersonatorId = impersonatorId;
  else delete data.impersonatorId;
  await session.regenerate();
  const user = await loadSessionUser(ctx.deps.knex, userId, impersonatorId);
  if (!user) throw unauthorized();
  ctx.state.user = user;
  return presentCurrentUser(user);
}

export function authRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/auth' });

  router.post('/signin', async (ctx) => {
    const input = await parse(signInSchema, ctx.request.body);
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
    rememberDevice(ctx, user.id);
    log.info('sign-in', { userId: user.id, ip: ctx.ip });
    ctx.body = { currentUser: await startSession(ctx, user.id) };
  });

  router.post('/signup', async (ctx) => {
    const input = await parse(signUpSchema, ctx.request.body);
    await limits.assertSignUpAllowed(ctx.deps.knex, ctx.ip);
    const signuptags =
      input.signuptags ?? (typeof ctx.query.signuptags === 'string' ? ctx.query.signuptags : undefined);
    const id = await service.createMember(ctx.deps.knex, { ...input, signuptags });
    ctx.deps.log.info('sign-up', { userId: id, ip: ctx.ip });
    rememberDevice(ctx, id);
    ctx.status = 201;
    ctx.body = { currentUser: await startSession(ctx, id) };
  });

  router.post('/signout', async (ctx) => {
    ctx.session = null;
    ctx.status = 204;
  });

  router.get('/me', auth({ allowBlocked: true }), async (ctx) => {
    ctx.body = { currentUser: presentCurrentUser(requireUser(ctx)) };
  });

  router.post('/forgot-password', async (ctx) => {
    const input = await parse(forgotPasswordSchema, ctx.request.body);
    const { deps, ip } = ctx;
    await limits.assertForgotAllowed(deps.knex, ip);
    // Whether the email exists changes nothing before the answer: the lookup, token and mail come after it.
    runAfterResponse(ctx, 'password reset mail', () => service.sendResetMail(deps, input.email, ip));
    ctx.body = { message: MESSAGES.forgotPasswordSent };
  });

  router.post('/reset-password/:token', async (ctx) => {
    const input = await parse(resetPasswordSchema, ctx.request.body);
    const userId = await service.resetPassword(ctx.deps.knex, ctx.params.token ?? '', input.password);
    if (!userId) throw badRequest(MESSAGES.resetTokenInvalid);
    ctx.deps.log.info('password reset', { userId, ip: ctx.ip });
    ctx.set('Referrer-Policy', 'no-referrer');
    rememberDevice(ctx, userId);
    ctx.body = { user: await startSession(ctx, userId), message: MESSAGES.passwordReset };
  });

  router.post('/signinas', auth(), async (ctx) => {
    const admin = assertCan(ctx, 'user:impersonate');
    const input = await parse(signInAsSchema, ctx.request.body);
    const target = await service.findUserByEmail(ctx.deps.knex, input.email);
    if (!target) throw notFound(MESSAGES.userNotFound);
    if (!can(admin, 'user:impersonate', { id: target.id, role: target.role, isAdmin: target.is_admin })) {
      throw forbidden(MESSAGES.cannotImpersonateAdmin);
    }
    await audit(ctx.deps.knex, { actorId: admin.id, action: 'user.signinas', targetUserId: target.id, ip: ctx.ip });
    ctx.deps.log.info('sign in as', { adminId: admin.id, targetId: target.id });
    ctx.body = { currentUser: await startSession(ctx, target.id, admin.id) };
  });

  router.post('/signinas/return', async (ctx) => {
    const user = await currentUser(ctx);
    const impersonatorId = sessionData(ctx).impersonatorId;
    if (!user) throw unauthorized();
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
  });

  router.post('/switch-role', auth(), async (ctx) => {
    const user = assertCan(ctx, 'user:switch-role');
    const input = await parse(switchRoleSchema, ctx.request.body);
    const role = input.role as Role;
    await ctx.deps
      .knex('users')
      .where({ id: user.id })
      .update({ role, is_admin: true, updated_at: ctx.deps.knex.fn.now() });
    await audit(ctx.deps.knex, {
      actorId: user.id,
      action: 'user.switch-role',
      targetUserId: user.id,
      details: { from: user.role, to: role },
      ip: ctx.ip,
    });
    ctx.body = { currentUser: await startSession(ctx, user.id) };
  });

  return router;
}
