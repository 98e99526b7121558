import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { bannerTypeForRole, isAdminRole } from '@shared/policies';
import { bannerTypeParamSchema, bannerUpsertSchema } from '@shared/schemas';
import { BANNER_TYPES, type BannerReadManyResponse, type BannerResponse, type BannerType } from '@shared/types';
import { endpoint } from '../../core/endpoint';
import { notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { presentBanner } from './presenter';
import { deleteBanner, findBanners, saveBanner } from './service';

/** The banner type of the URL: basic, premium or course-only (also `course only`, `courseOnly`); else 400. */
const typeOfUrl = (ctx: PortalContext) => ({ type: ctx.params.type });

/**
 * Dashboard banners (SPEC §7): one per type. Members read only the banner of their role (coach:
 * premium); admins read all and alone create, change and delete them.
 */
export function bannerRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/dashboard-banner' });

  router.get(
    '/read-many',
    ...endpoint({}, async (ctx) => {
      const own = bannerTypeForRole(ctx.user.role);
      const readable = isAdminRole(ctx.user) ? [...BANNER_TYPES] : own ? [own] : [];
      const rows = await findBanners(ctx.deps.knex, readable);
      const byType = new Map(rows.map((r) => [r.type, presentBanner(r)]));
      const body: BannerReadManyResponse = {
        premium: byType.get('premium') ?? null,
        basic: byType.get('basic') ?? null,
        courseOnly: byType.get('course only') ?? null,
      };
      ctx.body = body;
    }),
  );

  router.get(
    '/:type',
    ...endpoint(
      {
        input: bannerTypeParamSchema,
        from: typeOfUrl,
        authorize: {
          action: 'banner:read',
          load: (ctx) => ({ bannerType: (ctx.input as { type: BannerType }).type }),
        },
      },
      async (ctx) => {
        const [row] = await findBanners(ctx.deps.knex, [ctx.input.type]);
        const body: BannerResponse = { banner: row ? presentBanner(row) : null };
        ctx.body = body;
      },
    ),
  );

  router.post(
    '/',
    ...endpoint({ input: bannerUpsertSchema, authorize: 'banner:manage', transaction: true }, async (ctx) => {
      const { row, isNew } = await saveBanner(ctx.trx, { actorId: ctx.user.id, ip: ctx.ip, banner: ctx.input });
      ctx.body = { banner: presentBanner(row), isNew };
    }),
  );

  router.delete(
    '/:type',
    ...endpoint(
      { input: bannerTypeParamSchema, from: typeOfUrl, authorize: 'banner:manage', transaction: true },
      async (ctx) => {
        if (!(await deleteBanner(ctx.trx, ctx.input.type, ctx.user.id, ctx.ip))) {
          throw notFound(MESSAGES.bannerNotFound);
        }
        ctx.body = { success: true, message: MESSAGES.bannerDeleted };
      },
    ),
  );

  return router;
}
