import type Router from '@koa/router';
import { SCENARIO_CHANGE_KEYS, solve, type ScenarioChanges } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { productSolveQuerySchema, scenarioSaveInput, scenarioSaveSchema, todayUtc } from '@shared/schemas';
import { endpoint } from '../../core/endpoint';
import { badRequest, notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { productsCsv } from './export';
import { vatRatesInForce } from '../fees';
import { productInputs } from './presenter';
import { presentScenario } from './scenario-presenter';
import { deleteScenario, listScenarios, saveScenario } from './scenarios';
import { findOwnProduct } from './service';

/** Query values must be single: ?value=1&value=2 is a 400, not a guess. */
function singleQuery(ctx: PortalContext): Record<string, string | undefined> {
  for (const [key, value] of Object.entries(ctx.query)) {
    if (Array.isArray(value)) throw badRequest('Give this parameter once', { [key]: 'Give this parameter once' });
  }
  return ctx.query as Record<string, string | undefined>;
}

/** The scenario body, flat: its id and name beside each of its changes (see `scenarioSaveInput`). */
const scenarioBody = (ctx: PortalContext) => scenarioSaveInput(ctx.request.body);

/**
 * The seller's next questions (docs/areas/seller-tools.md): reverse solve, scenarios and the CSV export. Every call
 * is about the signed-in member's own products only (another member's id is a 404, admins too).
 */
export function productToolRoutes(router: Router<PortalState, PortalContext>): void {
  router.get(
    '/export.csv',
    ...endpoint({ authorize: 'product:use' }, async (ctx) => {
      const csv = await productsCsv(ctx.deps.knex, ctx.user.id);
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', 'attachment; filename="products.csv"');
      ctx.body = csv;
    }),
  );

  router.get(
    '/:id/solve',
    ...endpoint(
      { ids: ['id'], input: productSolveQuerySchema, from: singleQuery, authorize: 'product:use' },
      async (ctx) => {
        const row = await findOwnProduct(ctx.deps.knex, ctx.user.id, ctx.input.id);
        if (!row) throw notFound(MESSAGES.productNotFound);
        const vat = await vatRatesInForce(ctx.deps.knex, todayUtc());
        const answer = solve(productInputs(row, vat), ctx.input.target, ctx.input.value);
        // {target, value, amazonRetail | costPerUnit, reachable}: the shared solver's answer as it is.
        ctx.body = answer;
      },
    ),
  );

  router.get(
    '/:productId/scenarios',
    ...endpoint({ ids: ['productId'], authorize: 'product:use' }, async (ctx) => {
      const { productId } = ctx.input;
      if (!(await findOwnProduct(ctx.deps.knex, ctx.user.id, productId))) throw notFound(MESSAGES.productNotFound);
      const rows = await listScenarios(ctx.deps.knex, ctx.user.id, productId);
      ctx.body = { scenarios: rows.map(presentScenario) };
    }),
  );

  /** The scenario and its changes are checked together: one 400 naming every bad field. */
  router.post(
    '/:productId/scenarios',
    ...endpoint(
      {
        ids: ['productId'],
        input: scenarioSaveSchema,
        from: scenarioBody,
        authorize: 'product:use',
        transaction: true,
      },
      async (ctx) => {
        const { input } = ctx;
        const changes: ScenarioChanges = {};
        for (const key of SCENARIO_CHANGE_KEYS)
          if (input[key] !== undefined) changes[key] = input[key] as number | null;
        const { row, isNew } = await saveScenario(ctx.trx, {
          userId: ctx.user.id,
          productId: input.productId,
          id: input.id,
          name: input.name,
          changes,
          canEditFees: can(ctx.user, 'product:additional-fees'),
        });
        ctx.body = { scenario: presentScenario(row), isNew };
      },
    ),
  );

  router.delete(
    '/:productId/scenarios/:scenarioId',
    ...endpoint({ ids: ['productId', 'scenarioId'], authorize: 'product:use', transaction: true }, async (ctx) => {
      if (!(await deleteScenario(ctx.trx, ctx.user.id, ctx.input.productId, ctx.input.scenarioId))) {
        throw notFound(MESSAGES.scenarioNotFound);
      }
      ctx.body = { success: true, message: MESSAGES.scenarioDeleted };
    }),
  );
}
