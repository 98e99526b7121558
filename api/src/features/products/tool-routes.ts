import type Router from '@koa/router';
import { solve } from '@shared/calc';
import { MESSAGES } from '@shared/messages';
import { can } from '@shared/policies';
import { productSolveQuerySchema, scenarioChangesSchema, scenarioUpsertSchema } from '@shared/schemas';
import { auth, authorize, requireUser } from '../../core/auth';
import { badRequest, HttpError, notFound } from '../../core/errors';
import { idParam, parse } from '../../core/validate';
import type { PortalContext, PortalState } from '../../core/context';
import { productsCsv } from './export';
import { productFields } from './presenter';
import { presentScenario } from './scenario-presenter';
import { deleteScenario, listScenarios, saveScenario } from './scenarios';
import { findOwnProduct } from './service';

/** Validates the scenario body and its changes together: one 400 naming every bad field. */
async function parseScenario(body: unknown) {
  const changesRaw: unknown = (body as { changes?: unknown } | null)?.changes ?? {};
  const [head, changes] = await Promise.allSettled([
    parse(scenarioUpsertSchema, body),
    parse(scenarioChangesSchema, changesRaw),
  ]);
  const failed = [head, changes].flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failed.length > 0) {
    const fields = Object.assign(
      {},
      ...failed.map((e) => (e instanceof HttpError ? (e.fields ?? {}) : { changes: 'Please enter a valid value' })),
    ) as Record<string, string>;
    throw badRequest(Object.values(fields)[0] ?? 'Invalid input', fields);
  }
  if (head.status !== 'fulfilled' || changes.status !== 'fulfilled') throw badRequest('Invalid input');
  return { ...head.value, changes: changes.value };
}

/** Query values must be single: ?value=1&value=2 is a 400, not a guess. */
function singleQuery(query: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) throw badRequest('Give this parameter once', { [key]: 'Give this parameter once' });
  }
  return query as Record<string, string | undefined>;
}

/**
 * The seller's next questions (issue 15): reverse solve, scenarios and the CSV export. Every call
 * is about the signed-in member's own products only (another member's id is a 404, admins too).
 */
export function productToolRoutes(router: Router<PortalState, PortalContext>): void {
  router.get('/export.csv', auth(), authorize('product:use'), async (ctx) => {
    const csv = await productsCsv(ctx.deps.knex, requireUser(ctx).id);
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', 'attachment; filename="products.csv"');
    ctx.body = csv;
  });

  router.get('/:id/solve', auth(), authorize('product:use'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const query = await parse(productSolveQuerySchema, singleQuery(ctx.query));
    const row = await findOwnProduct(ctx.deps.knex, requireUser(ctx).id, id);
    if (!row) throw notFound(MESSAGES.productNotFound);
    const answer = solve(productFields(row), query.target, query.value);
    // {target, value, amazonRetail | costPerUnit, reachable}: the shared solver's answer as it is.
    ctx.body = answer;
  });

  router.get('/:id/scenarios', auth(), authorize('product:use'), async (ctx) => {
    const id = idParam(ctx.params.id);
    const userId = requireUser(ctx).id;
    if (!(await findOwnProduct(ctx.deps.knex, userId, id))) throw notFound(MESSAGES.productNotFound);
    const rows = await listScenarios(ctx.deps.knex, userId, id);
    ctx.body = { scenarios: rows.map(presentScenario) };
  });

  router.post('/:id/scenarios', auth(), authorize('product:use'), async (ctx) => {
    const productId = idParam(ctx.params.id);
    const user = requireUser(ctx);
    const input = await parseScenario(ctx.request.body);
    const { row, isNew } = await saveScenario(ctx.deps.knex, {
      userId: user.id,
      productId,
      id: input.id,
      name: input.name,
      changes: input.changes,
      canEditFees: can(user, 'product:additional-fees'),
    });
    ctx.body = { scenario: presentScenario(row), isNew };
  });

  router.delete('/:id/scenarios/:scenarioId', auth(), authorize('product:use'), async (ctx) => {
    const productId = idParam(ctx.params.id);
    const id = idParam(ctx.params.scenarioId);
    if (!(await deleteScenario(ctx.deps.knex, requireUser(ctx).id, productId, id))) {
      throw notFound(MESSAGES.scenarioNotFound);
    }
    ctx.body = { success: true, message: MESSAGES.scenarioDeleted };
  });
}
