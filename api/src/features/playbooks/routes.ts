import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { playbookApplySchema, playbookUpsertSchema, recurringUpsertSchema } from '@shared/schemas/playbooks';
import type {
  PlaybookApplyResponse,
  PlaybookLaunchResponse,
  PlaybookReadManyResponse,
  PlaybookUpsertResponse,
  PlanMembersResponse,
  RecurringReadManyResponse,
  RecurringUpsertResponse,
} from '@shared/types';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { presentPlaybook, presentRecurring } from './presenter';
import {
  applyPlaybook,
  deletePlaybook,
  deleteRecurring,
  launchPlaybook,
  makers,
  planMembers,
  readPlaybooks,
  readRecurring,
  savePlaybook,
  saveRecurring,
} from './service';

/**
 * Recurring cards (prefix /api/move-the-needle/recurring) and playbooks (/api/playbooks):
 * docs/areas/playbooks.md.
 */
export function playbookRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>();

  router.get(
    '/api/move-the-needle/recurring/read-many',
    ...endpoint({ authorize: 'recurring:manage' }, async (ctx) => {
      const rules = await readRecurring(ctx.deps.knex, ctx.user);
      const names = await makers(
        ctx.deps.knex,
        rules.map((r) => r.created_by),
      );
      const body: RecurringReadManyResponse = { recurring: rules.map((r) => presentRecurring(r, names)) };
      ctx.body = body;
    }),
  );

  router.post(
    '/api/move-the-needle/recurring/upsert',
    ...endpoint({ input: recurringUpsertSchema, authorize: 'recurring:manage', transaction: true }, async (ctx) => {
      const { rule, isNew } = await saveRecurring(ctx.trx, ctx.user, ctx.input);
      const body: RecurringUpsertResponse = {
        recurring: presentRecurring(rule, await makers(ctx.trx, [rule.created_by])),
        isNew,
      };
      ctx.body = body;
    }),
  );

  router.delete(
    '/api/move-the-needle/recurring/:id',
    ...endpoint({ ids: ['id'], authorize: 'recurring:manage', transaction: true }, async (ctx) => {
      await deleteRecurring(ctx.trx, ctx.user, ctx.input.id);
      ctx.body = { success: true, message: MESSAGES.recurringDeleted };
    }),
  );

  router.get(
    '/api/playbooks/members',
    ...endpoint({ authorize: 'recurring:for-others' }, async (ctx) => {
      const rows = await planMembers(ctx.deps.knex);
      const body: PlanMembersResponse = {
        members: rows.map((r) => ({ id: r.id, fullName: r.full_name, email: r.email })),
      };
      ctx.body = body;
    }),
  );

  router.get(
    '/api/playbooks/read-many',
    ...endpoint({ authorize: 'playbook:manage' }, async (ctx) => {
      const playbooks = await readPlaybooks(ctx.deps.knex);
      const names = await makers(
        ctx.deps.knex,
        playbooks.map((p) => p.created_by),
      );
      const body: PlaybookReadManyResponse = { playbooks: playbooks.map((p) => presentPlaybook(p, names)) };
      ctx.body = body;
    }),
  );

  router.post(
    '/api/playbooks/upsert',
    ...endpoint({ input: playbookUpsertSchema, authorize: 'playbook:manage', transaction: true }, async (ctx) => {
      const { playbook, isNew } = await savePlaybook(ctx.trx, { id: ctx.user.id, ip: ctx.ip }, ctx.input);
      const body: PlaybookUpsertResponse = {
        playbook: presentPlaybook(playbook, await makers(ctx.trx, [playbook.created_by])),
        isNew,
      };
      ctx.body = body;
    }),
  );

  router.delete(
    '/api/playbooks/:id',
    ...endpoint({ ids: ['id'], authorize: 'playbook:manage', transaction: true }, async (ctx) => {
      await deletePlaybook(ctx.trx, { id: ctx.user.id, ip: ctx.ip }, ctx.input.id);
      ctx.body = { success: true, message: MESSAGES.playbookDeleted };
    }),
  );

  /** GET /api/playbooks/launch: the launch playbook (its name and cards), or null; whoever has a board. */
  router.get(
    '/api/playbooks/launch',
    ...endpoint({ authorize: 'playbook:launch' }, async (ctx) => {
      const playbook = await launchPlaybook(ctx.deps.knex);
      const body: PlaybookLaunchResponse = {
        playbook: playbook ? presentPlaybook(playbook, await makers(ctx.deps.knex, [playbook.created_by])) : null,
      };
      ctx.body = body;
    }),
  );

  /**
   * POST /api/playbooks/apply: coaches and admins to members; whoever has a board, the launch
   * playbook to their own (no userIds, no tagIds). The service checks which.
   */
  router.post(
    '/api/playbooks/apply',
    ...endpoint({ input: playbookApplySchema, authorize: 'playbook:launch', transaction: true }, async (ctx) => {
      const body: PlaybookApplyResponse = await applyPlaybook(ctx.trx, ctx.user, ctx.ip, ctx.input);
      ctx.body = body;
    }),
  );

  return router;
}
