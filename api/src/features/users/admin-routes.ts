import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import {
  bulkUpdateSchema,
  rolesUpdatedMessage,
  upgradeRoleSchema,
  USER_ADMIN_LIMITS,
  validateUsersCsvSchema,
} from '@shared/schemas';
import type { BulkUpdateResponse, ImportUsersResponse, UpgradeRoleResponse } from '@shared/types';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { bulkUpdate, validateUsersCsv } from './bulk';
import { auditExport, countUsers, usersCsvStream } from './export';
import { rateLimitedPolicy } from './guards';
import { importUsers } from './import';
import { readImportRows, receiveImportFile } from './import-file';
import { toImportRows } from './import-rows';
import { upgradeRoles } from './roles';
import { addSampleRoutes } from './test-tools';

/**
 * The User Dashboard's admin calls (docs/areas/users.md#api Users), added to the '/api/user' router BEFORE its
 * '/:id' routes so that '/export' and the like are not read as ids. Each one: auth, the shared
 * schema, the user-administration policy of `can()` (admin only) with a per-admin rate limit on
 * the costly ones (rateLimitedPolicy), then one transaction.
 */
export function addUserAdminRoutes(router: Router<PortalState, PortalContext>): void {
  router.post(
    '/upgrade-role',
    ...endpoint({ input: upgradeRoleSchema, authorize: 'user:upgrade-role', transaction: true }, async (ctx) => {
      const by = { actorId: ctx.user.id, ip: ctx.ip };
      const count = await upgradeRoles(ctx.trx, ctx.input.users, ctx.input.newRole, by);
      const body: UpgradeRoleResponse = { message: rolesUpdatedMessage(count), updated: count };
      ctx.body = body;
    }),
  );

  // The count and its audit row in one transaction; the CSV streams afterwards, in keyset batches
  // outside it (usersCsvStream), so a slow download never holds a transaction open.
  router.get(
    '/export',
    ...endpoint({ authorize: rateLimitedPolicy('user:export', 'export'), transaction: true }, async (ctx) => {
      const total = await countUsers(ctx.trx);
      // Who downloaded everyone's contact details, and when.
      await auditExport(ctx.trx, total, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.set('Content-Disposition', 'attachment; filename="users.csv"');
      ctx.set('X-Total-Count', String(total));
      ctx.set('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = usersCsvStream(ctx.deps.knex);
    }),
  );

  router.put(
    '/validate-users-csv',
    ...endpoint(
      { input: validateUsersCsvSchema, authorize: rateLimitedPolicy('user:validate-csv', 'validate') },
      async (ctx) => {
        ctx.body = await validateUsersCsv(ctx.deps.knex, ctx.input.userEmails);
      },
    ),
  );

  router.put(
    '/bulk-update',
    ...endpoint(
      { input: bulkUpdateSchema, authorize: rateLimitedPolicy('user:bulk-update', 'bulk'), transaction: true },
      async (ctx) => {
        const result = await bulkUpdate(ctx.trx, ctx.input, { actorId: ctx.user.id, ip: ctx.ip });
        const body: BulkUpdateResponse = { message: MESSAGES.usersBulkUpdated, ...result };
        ctx.body = body;
      },
    ),
  );

  // A file upload: the multipart body is read first, outside any transaction; importUsers then
  // writes the whole file in its own transaction and flushes the search indexes after a big one.
  router.post(
    '/import',
    ...endpoint({ authorize: rateLimitedPolicy('user:import', 'import') }, async (ctx) => {
      const file = await receiveImportFile(ctx, USER_ADMIN_LIMITS.importMaxBytes);
      const { rows, skipped, errors } = toImportRows(await readImportRows(file.name, file.bytes));
      const result = await importUsers(ctx.deps.knex, rows, errors, { actorId: ctx.user.id, ip: ctx.ip });
      const body: ImportUsersResponse = { message: MESSAGES.usersImported, ...result, skipped };
      ctx.body = body;
    }),
  );

  addSampleRoutes(router);
}
