import Router from '@koa/router';
import type { TestToolsResponse } from '@shared/types';
import { addTagsSchema, userImportSampleCsv } from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { testEndpointsOnly } from './guards';
import { presentUser } from './presenter';
import { getUserWithTags } from './service';
import { addTagsByEmail, sampleBulkCsv } from './test-data';

function sendCsv(ctx: PortalContext, filename: string, csv: string): void {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  ctx.body = csv;
}

const SAMPLE_PATHS = ['/generate-test-user-csv', '/generate-test-user-import-csv'];

/**
 * The sample generators of the User Dashboard (GET /api/user/generate-test-*) on the caller's
 * '/api/user' router. They and the v2 add-tags helper exist only outside production: 404 there,
 * for everyone, before any other check (docs/security.md "test endpoints"), which is why
 * testEndpointsOnly() is mounted on their paths ahead of the routes and their chain.
 */
export function addSampleRoutes(router: Router<PortalState, PortalContext>): void {
  router.use(SAMPLE_PATHS, testEndpointsOnly());

  /** Test only (404 in production): a bulk update CSV of recent members, a duplicate and an unknown email. */
  router.get(
    '/generate-test-user-csv',
    ...endpoint({ authorize: 'user:test-tools' }, async (ctx) => {
      sendCsv(ctx, 'test-users.csv', await sampleBulkCsv(ctx.deps.knex));
    }),
  );

  /** Test only (404 in production): a sample import file. */
  router.get(
    '/generate-test-user-import-csv',
    ...endpoint({ authorize: 'user:test-tools' }, (ctx) => {
      sendCsv(ctx, 'test-user-import.csv', userImportSampleCsv());
    }),
  );
}

/**
 * GET /api/v2/user/test-tools (what the UI may offer) and POST /api/v2/user/add-tags {email, tags}:
 * adds tags to one user (the hidden test button). Test only: 404 in production, before any other check.
 */
export function userTestRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/v2/user' });
  router.use(testEndpointsOnly());

  /** Test only (404 in production): tells the User Dashboard to show the hidden add-tags test button. */
  router.get(
    '/test-tools',
    ...endpoint({ authorize: 'user:test-tools' }, (ctx) => {
      ctx.body = { addTags: true } satisfies TestToolsResponse;
    }),
  );

  /** Test only (404 in production): adds tags to the user of an email, audited. */
  router.post(
    '/add-tags',
    ...endpoint({ input: addTagsSchema, authorize: 'user:test-tools', transaction: true }, async (ctx) => {
      const by = { actorId: ctx.user.id, ip: ctx.ip };
      const userId = await addTagsByEmail(ctx.trx, ctx.input.email, ctx.input.tags, by);
      ctx.body = { user: presentUser((await getUserWithTags(ctx.trx, userId))!, ctx.user) };
    }),
  );
  return router;
}
