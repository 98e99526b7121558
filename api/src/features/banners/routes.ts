import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { readableBannerTypes, type BannerListSubject } from '@shared/policies';
import { bannerTypeParamSchema, bannerUpsertSchema } from '@shared/schemas';
import type { BannerReadManyResponse, BannerResponse, BannerType } from '@shared/types';
import type { Policy } from '../../core/authorize';
import { endpoint } from '../../core/endpoint';
import { notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { requireUser } from '../../core/refuse';
import { presentBanner } from './presenter';
import { deleteBanner, findBanners, saveBanner } from './service';

/** The banner type of the URL: basic, premium or course-only (also `course only`, `courseOnly`); else 400. */
const typeOfUrl = (ctx: PortalContext) => ({ type: ctx.params.type });

/**
 * GET /read-many: the banners the shared policy lets the user read (readableBannerTypes: all three for
 * admins, their role's for everyone else), asked as 'banner:read' of exactly those types.
 */
const readableBannersPolicy: Policy<BannerListSubject> = {
  action: 'banner:read',
  load: (ctx) => ({ bannerTypes: readableBannerTypes(requireUser(ctx)) }),
};

/**
 * Dashboard banners (docs/areas/banners.md#api): one per type. Members read only the banner of their role (coach:
 * premium); admins read all and alone create, change and delete them.
 */
export function bannerRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/dashboard-banner' });

  router.get(
    '/read-many',
    ...endpoint({ authorize: readableBannersPolicy }, async (ctx) => {
      const rows = await findBanners(ctx.deps.knex, ctx.subject.bannerTypes);
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
