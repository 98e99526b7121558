import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { canResetBoard } from '@shared/policies/board';
import { hasOwnBoard } from '@shared/policies/principal';
import { boardQuerySchema, resetBoardSchema } from '@shared/schemas/board';
import type { BoardInfo } from '@shared/types/board';
import { auth, requireUser } from '../../core/auth';
import { forbidden } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { parse } from '../../core/validate';
import { resolveBoard, singleQuery } from './access';
import { activityRoutes } from './activities';
import { attachmentRoutes } from './attachments';
import { cardRoutes } from './cards';
import { checklistRoutes } from './checklists';
import { labelRoutes } from './labels';
import { listRoutes } from './lists';
import { boardSummary, readBoardJson } from './read-model';
import { ensureBoard, resetBoard } from './template';
import { boardTx } from './tx';

/**
 * Move the Needle (SPEC §7, prefix /api/move-the-needle). Every route checks the board policy
 * of shared/src/policies/board.ts against the owner of every id it is given. The image upload
 * (POST /upload) lives with the other uploads (features/uploads).
 */
export function boardRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/move-the-needle' });

  /**
   * The board of ?userId (coach, admin) or the actor's own (an admin's is the Master Template),
   * in a fixed number of queries. A member's board is created from the template the first time
   * it is opened: an idempotent initialisation of the member's own data, the one write a GET makes.
   */
  router.get('/list/read-many', auth(), async (ctx) => {
    const query = await parse(boardQuerySchema, singleQuery(ctx));
    const board = await resolveBoard(ctx, query.userId);
    if (!board.exists) await ensureBoard(ctx.deps.knex, board.owner.id, board.isTemplate);
    const info: BoardInfo = {
      userId: board.owner.id,
      ownerName: board.owner.fullName,
      ownerRole: board.owner.role,
      isTemplate: board.isTemplate,
    };
    const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    const read = await readBoardJson(ctx.deps.knex, info, board.exists ? board.version : null, { gzip });
    ctx.vary('Accept-Encoding');
    if (read.gzipped) ctx.set('Content-Encoding', 'gzip');
    ctx.type = 'application/json';
    ctx.body = read.body;
  });

  /** PUT /reset (id: the board's owner, default the actor): a fresh copy of the Master Template. */
  router.put('/reset', auth(), async (ctx) => {
    const input = await parse(resetBoardSchema, ctx.request.body);
    const board = await resolveBoard(ctx, input.id);
    if (!canResetBoard(requireUser(ctx), board.owner)) throw forbidden();
    if (!board.exists) await ensureBoard(ctx.deps.knex, board.owner.id, false);
    await boardTx(ctx.deps.knex, board.owner.id, (trx) => resetBoard(trx, board.owner.id));
    ctx.body = { success: true, message: MESSAGES.mtnReset };
  });

  /**
   * The dashboard donut: cards per status on the actor's own board (an admin's: the template).
   * Before the board exists, the figures are those of the template it will be copied from.
   */
  router.get('/summary', auth(), async (ctx) => {
    if (!hasOwnBoard(requireUser(ctx))) throw forbidden();
    const board = await resolveBoard(ctx);
    let source = board.owner.id;
    if (!board.exists) {
      const template = await ctx.deps
        .knex('mtn_boards')
        .where({ is_template: true })
        .first<{ user_id: number } | undefined>('user_id');
      source = template?.user_id ?? board.owner.id;
    }
    ctx.body = { summary: { ...(await boardSummary(ctx.deps.knex, source)), userId: board.owner.id } };
  });

  listRoutes(router);
  cardRoutes(router);
  labelRoutes(router);
  attachmentRoutes(router);
  checklistRoutes(router);
  activityRoutes(router);
  return router;
}
