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
import { audit } from '../../core/audit';
import { auth, requireUser } from '../../core/auth';
import { parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { bulkUpdate, validateUsersCsv } from './bulk';
import { countUsers, usersCsvStream } from './export';
import { authorizeUserAdmin, rateLimitPerAdmin } from './guards';
import { importUsers } from './import';
import { readImportRows, receiveImportFile } from './import-file';
import { toImportRows } from './import-rows';
import { upgradeRoles } from './roles';
import { addSampleRoutes } from './test-tools';

const by = (ctx: PortalContext) => ({ actorId: requireUser(ctx).id, ip: ctx.ip });

/**
 * The User Dashboard's admin calls (SPEC §7 Users), added to the '/api/user' router BEFORE its
 * '/:id' routes so that '/export' and the like are not read as ids. Each one: auth, the shared
 * user-administration policy (admin only), a per-admin rate limit on the costly ones, the shared
 * schema, then one transaction.
 */
export function addUserAdminRoutes(router: Router<PortalState, PortalContext>): void {
  router.post('/upgrade-role', auth(), authorizeUserAdmin('user:upgrade-role'), async (ctx) => {
    const input = await parse(upgradeRoleSchema, ctx.request.body);
    const count = await upgradeRoles(ctx.deps.knex, input.users, input.newRole, by(ctx));
    const body: UpgradeRoleResponse = { message: rolesUpdatedMessage(count), updated: count };
    ctx.body = body;
  });

  router.get('/export', auth(), authorizeUserAdmin('user:export'), rateLimitPerAdmin('export'), async (ctx) => {
    const total = await countUsers(ctx.deps.knex);
    // Who downloaded everyone's contact details, and when.
    await audit(ctx.deps.knex, { ...by(ctx), action: 'user.export', details: { users: total } });
    ctx.set('Content-Disposition', 'attachment; filename="users.csv"');
    ctx.set('X-Total-Count', String(total));
    ctx.set('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = usersCsvStream(ctx.deps.knex);
  });

  router.put(
    '/validate-users-csv',
    auth(),
    authorizeUserAdmin('user:validate-csv'),
    rateLimitPerAdmin('validate'),
    async (ctx) => {
      const input = await parse(validateUsersCsvSchema, ctx.request.body);
      ctx.body = await validateUsersCsv(ctx.deps.knex, input.userEmails);
    },
  );

  router.put('/bulk-update', auth(), authorizeUserAdmin('user:bulk-update'), rateLimitPerAdmin('bulk'), async (ctx) => {
    const input = await parse(bulkUpdateSchema, ctx.request.body);
    const result = await bulkUpdate(ctx.deps.knex, input, by(ctx));
    const body: BulkUpdateResponse = { message: MESSAGES.usersBulkUpdated, ...result };
    ctx.body = body;
  });

  router.post('/import', auth(), authorizeUserAdmin('user:import'), rateLimitPerAdmin('import'), async (ctx) => {
    const file = await receiveImportFile(ctx, USER_ADMIN_LIMITS.importMaxBytes);
    const { rows, skipped, errors } = toImportRows(await readImportRows(file.name, file.bytes));
    const result = await importUsers(ctx.deps.knex, rows, errors, by(ctx));
    const body: ImportUsersResponse = { message: MESSAGES.usersImported, ...result, skipped };
    ctx.body = body;
  });

  addSampleRoutes(router);
}
