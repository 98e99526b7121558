import Router from '@koa/router';
import { forgotPasswordSchema, resetPasswordSchema, signInAsSchema, signInSchema, signUpSchema, switchRoleSchema } from '@shared/schemas';
import { MESSAGES } from '@shared/messages';
import { can, isAdministrator } from '@shared/policies';
import type { Role } from '@shared/limits';
import { assertCan, auth, currentUser, requireUser, sessionData } from '../../core/auth';
import { audit } from '../../core/audit';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../core/errors';
import { verifyPassword } from '../../core/password';
import { loadSessionUser } from '../../core/session-user';
import { parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { presentCurrentUser } from '../users/presenter';
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
    await service.assertSignInAllowed(knex, input.email, ctx.ip);
    const user = await service.findUserByEmail(knex, input.email);
    const ok = await verifyPassword(user?.password_hash, input.password);
    if (!user || !ok) {
      await service.recordSignInFailure(knex, input.email, ctx.ip);
      log.warn('sign-in failed', { email: input.email, ip: ctx.ip });
      throw new HttpError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
    }
    await service.clearSignInFailures(knex, input.email, ctx.ip);
    log.info('sign-in', { userId: user.id, ip: ctx.ip });
    ctx.body = { currentUser: await startSession(ctx, user.id) };
  });

  router.post('/signup', async (ctx) => {
    const input = await parse(signUpSchema, ctx.request.body);
    const signuptags = input.signuptags ?? (typeof ctx.query.signuptags === 'string' ? ctx.query.signuptags : undefined);
    const id = await service.createMember(ctx.deps.knex, { ...input, signuptags });
    ctx.deps.log.info('sign-up', { userId: id, ip: ctx.ip });
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
    const { knex, mailer, config, log } = ctx.deps;
    await service.assertForgotAllowed(knex, input.email, ctx.ip);
    const user = await service.findUserByEmail(knex, input.email);
    if (user) {
      const token = await service.createResetToken(knex, user.id);
      const link = `${config.publicUrl}/reset-password/${token}`;
      // Sent after the response so that timing does not reveal whether the email exists.
      void mailer
        .send({
          to: user.email,
          subject: 'Reset your password',
          text: `Hello ${user.full_name},\n\nUse this link within one hour to set a new password:\n${link}\n\nIf you did not ask for this, ignore this email.`,
        })
        .catch((err: unknown) => log.error('reset mail failed', { userId: user.id, error: String(err) }));
      log.info('password reset requested', { userId: user.id, ip: ctx.ip });
    }
    ctx.body = { message: MESSAGES.forgotPasswordSent };
  });

  router.post('/reset-password/:token', async (ctx) => {
    const input = await parse(resetPasswordSchema, ctx.request.body);
    const userId = await service.resetPassword(ctx.deps.knex, ctx.params.token ?? '', input.password);
    if (!userId) throw badRequest(MESSAGES.resetTokenInvalid);
    ctx.deps.log.info('password reset', { userId, ip: ctx.ip });
    ctx.set('Referrer-Policy', 'no-referrer');
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
    await audit(ctx.deps.knex, { actorId: admin.id, action: 'user.signinas.return', targetUserId: user.id, ip: ctx.ip });
    ctx.body = { currentUser: await startSession(ctx, admin.id) };
  });

  router.post('/switch-role', auth(), async (ctx) => {
    const user = assertCan(ctx, 'user:switch-role');
    const input = await parse(switchRoleSchema, ctx.request.body);
    const role = input.role as Role;
    await ctx.deps.knex('users').where({ id: user.id }).update({ role, is_admin: true, updated_at: ctx.deps.knex.fn.now() });
    await audit(ctx.deps.knex, { actorId: user.id, action: 'user.switch-role', targetUserId: user.id, details: { from: user.role, to: role }, ip: ctx.ip });
    ctx.body = { currentUser: await startSession(ctx, user.id) };
  });

  return router;
}
