import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Knex } from 'knex';
import { Model } from 'objection';
import type { Config } from './config';
import { createLogger, type Deps, type Logger } from './core/context';
import { errorHandler, originGuard, rejectNulCharacters, requestId, securityHeaders } from './core/http';
import { limitBodyDepth } from './core/body-depth';
import { databaseUnavailable } from './core/db-unavailable';
import { sessionKeys, sessionMiddleware } from './core/session';
import { serveWeb } from './core/static';
import { createMailer, type Mailer } from './adapters/mail';
import { createStorage, type Storage } from './adapters/storage';
import { authRoutes } from './features/auth';
import { userRoutes, userTestRoutes } from './features/users';
import { tagRoutes } from './features/tags';
import { uploadRoutes } from './features/uploads';
import { boardRoutes } from './features/board';
import { reviewRoutes } from './features/review';
import { auditRoutes } from './features/audit';
import { courseRouters } from './features/courses';
import { productRoutes } from './features/products';
import { qualifierRoutes } from './features/qualifier';
import { bannerRoutes } from './features/banners';
import { aiToolRoutes } from './features/ai-tools';
import { resourceRoutes } from './features/resources';
import { paymentRoutes, stripeWebhookRoutes } from './features/payments';
import { feeRoutes } from './features/fees';
import { settingsRoutes } from './features/settings';
import { notificationRoutes } from './features/notifications';
import { liveRoutes } from './features/live';
import { analyticsRoutes, registerAnalyticsForwarder } from './features/analytics';
import { createPostHogForwarder } from './adapters/posthog';
import { insightsRoutes } from './features/insights';
import { jobRoutes } from './features/jobs';
import { calendarRoutes } from './features/calendar';
import { playbookRoutes } from './features/playbooks';
import { communityRoutes } from './features/community';
import { searchRoutes } from './features/search';
import { dashboardRoutes } from './features/dashboard';
import path from 'node:path';

export interface AppOptions {
  config: Config;
  knex: Knex;
  mailer?: Mailer;
  storage?: Storage;
  log?: Logger;
}

/** Builds the Koa app (middleware chain and routes). Tests import this; server.ts listens. */
export function createApp(opts: AppOptions): Koa {
  const { config, knex } = opts;
  const log = opts.log ?? createLogger(config.logLevel);
  const deps: Deps = {
    config,
    knex,
    log,
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log,
      }),
    storage: opts.storage ?? createStorage(config),
  };
  Model.knex(knex);
  // Analytics events go to PostHog too when configured (a job written with them; docs/areas/jobs.md).
  registerAnalyticsForwarder(knex, config.posthog ? createPostHogForwarder(config.posthog) : null);

  // TRUST_PROXY hops: the client address is the X-Forwarded-For entry our outermost proxy added.
  const app = new Koa({ proxy: config.trustProxy > 0, maxIpsCount: config.trustProxy });
  app.keys = sessionKeys(config);
  app.context.deps = deps;
  app.silent = true;

  app.use(requestId());
  app.use(errorHandler());
  app.use(databaseUnavailable()); // a lost database connection is a 503, not a 500
  app.use(securityHeaders(config));
  app.use(originGuard(config));
  // Stripe's webhook reads its raw body itself (the signature covers the exact bytes): before koa-body.
  app.use(stripeWebhookRoutes().routes());
  app.use(
    koaBody({
      json: true,
      jsonLimit: '1mb',
      jsonStrict: true,
      urlencoded: false,
      text: false,
      multipart: false,
      parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    }),
  );
  app.use(limitBodyDepth()); // before any validation walks the body
  app.use(rejectNulCharacters());
  // The built web UI (page routes and assets) needs no session: served before the session is read,
  // so a page or asset request costs no database query. API and upload paths pass through.
  app.use(serveWeb(config.webDir, { sourceMaps: config.env !== 'production' }));
  app.use(sessionMiddleware(app, knex, config));

  for (const router of [
    authRoutes(),
    userRoutes(),
    userTestRoutes(),
    tagRoutes(),
    uploadRoutes(),
    reviewRoutes(),
    boardRoutes(),
    ...courseRouters(),
    productRoutes(),
    feeRoutes(),
    qualifierRoutes(),
    bannerRoutes(),
    aiToolRoutes(),
    resourceRoutes(),
    paymentRoutes(),
    settingsRoutes(),
    auditRoutes(),
    notificationRoutes(),
    liveRoutes(),
    analyticsRoutes(),
    insightsRoutes(),
    jobRoutes(),
    calendarRoutes(),
    playbookRoutes(),
    communityRoutes(),
    searchRoutes(),
    dashboardRoutes(),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(async (ctx, next) => {
    if (ctx.path === '/api/health') {
      ctx.body = { ok: true };
      return;
    }
    await next();
  });
  return app;
}
