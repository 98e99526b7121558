import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { bannerTypeForRole, canReadBanner, isAdminRole } from '@shared/policies';
import { bannerTypeFromParam, bannerUpsertSchema } from '@shared/schemas';
import { BANNER_TYPES, type BannerReadManyResponse, type BannerResponse, type BannerType } from '@shared/types';
import { assertCan, auth, authorize, requireUser } from '../../core/auth';
import { badRequest, forbidden, notFound } from '../../core/errors';
import { parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { presentBanner } from './presenter';
import { deleteBanner, findBanners, saveBanner } from './service';

/** The banner type of the URL: basic, premium or course-only (also `course only`, `courseOnly`); else 400. */
function typeParam(raw: string | undefined): BannerType {
  const type = bannerTypeFromParam(raw);
  if (!type) throw badRequest(MESSAGES.unknownBannerType, { type: MESSAGES.unknownBannerType });
  return type;
}

/**
 * Dashboard banners (SPEC §7): one per type. Members read only the banner of their role (coach:
 * premium); admins read all and alone create, change and delete them.
 */
export function bannerRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/dashboard-banner' });

  router.get('/read-many', auth(), async (ctx) => {
    const user = requireUser(ctx);
    const own = bannerTypeForRole(user.role);
    const readable = isAdminRole(user) ? [...BANNER_TYPES] : own ? [own] : [];
    const rows = await findBanners(ctx.deps.knex, readable);
    const byType = new Map(rows.map((r) => [r.type, presentBanner(r)]));
    const body: BannerReadManyResponse = {
      premium: byType.get('premium') ?? null,
      basic: byType.get('basic') ?? null,
      courseOnly: byType.get('course only') ?? null,
    };
    ctx.body = body;
  });

  router.get('/:type', auth(), async (ctx) => {
    const type = typeParam(ctx.params.type);
    const user = requireUser(ctx);
    if (!canReadBanner(user, type)) {
      ctx.deps.log.warn('denied', {
        requestId: ctx.state.requestId,
        userId: user.id,
        action: 'banner:read',
        path: ctx.path,
      });
      throw forbidden();
    }
    const [row] = await findBanners(ctx.deps.knex, [type]);
    const body: BannerResponse = { banner: row ? presentBanner(row) : null };
    ctx.body = body;
  });

  router.post('/', auth(), authorize('banner:manage'), async (ctx) => {
    const banner = await parse(bannerUpsertSchema, ctx.request.body);
    const { row, isNew } = await saveBanner(ctx.deps.knex, { actorId: requireUser(ctx).id, ip: ctx.ip, banner });
    ctx.body = { banner: presentBanner(row), isNew };
  });

  router.delete('/:type', auth(), async (ctx) => {
    const user = assertCan(ctx, 'banner:manage');
    const type = typeParam(ctx.params.type);
    if (!(await deleteBanner(ctx.deps.knex, type, user.id, ctx.ip))) throw notFound(MESSAGES.bannerNotFound);
    ctx.body = { success: true, message: MESSAGES.bannerDeleted };
  });

  return router;
}
