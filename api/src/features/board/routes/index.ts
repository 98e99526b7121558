import Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { boardQuerySchema, resetBoardSchema } from '@shared/schemas/board';
import type { BoardInfo, DueSoonResponse } from '@shared/types/board';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { boardPolicy } from '../access/policies';
import { BOARD_TRANSACTION, boardWriteOf } from '../commands/board-write';
import { resetBoard } from '../commands/template';
import { readBoardJson } from '../read-model/board';
import { summaryFor } from '../read-model/summary';
import { readDueSoon } from '../read-model/due-soon';
import { presentDueSoon } from '../presenters';
import { activityRoutes } from './activities';
import { attachmentRoutes } from './attachments';
import { cardRoutes } from './cards';
import { checklistRoutes } from './checklists';
import { historyRoutes } from './history';
import { labelRoutes } from './labels';
import { listRoutes } from './lists';

/**
 * Move the Needle (docs/areas/board.md, prefix /api/move-the-needle). Every route asks the board
 * policy (`can()` with a board action) about the owner of every id it is given, and every write is
 * a board write: the board's transaction (its row locked first) in which one or more commands run
 * (docs/architecture.md, "The path of a board write"). The image upload (POST /upload) lives with the
 * other uploads (features/uploads).
 */
export function boardRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/move-the-needle' });

  /**
   * The board of ?userId (coach, admin) or the actor's own (an admin's is the Master Template),
   * in a fixed number of queries. A member's board is created from the template the first time
   * it is opened: an idempotent initialisation of the member's own data, the one write a GET makes.
   */
  router.get(
    '/list/read-many',
    ...endpoint(
      {
        input: boardQuerySchema,
        from: 'query',
        authorize: boardPolicy<{ userId?: number }>('board:work', (i) => i.userId, { ensure: true }),
      },
      async (ctx) => {
        const board = ctx.subject.board!;
        const info: BoardInfo = {
          userId: board.owner.id,
          ownerName: board.owner.fullName,
          ownerPhotoUrl: board.owner.photoUrl,
          ownerRole: board.owner.role,
          isTemplate: board.isTemplate,
        };
        const gzip = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
        const read = await readBoardJson(ctx.deps.knex, info, board.exists ? board.version : null, { gzip });
        ctx.vary('Accept-Encoding');
        if (read.gzipped) ctx.set('Content-Encoding', 'gzip');
        ctx.type = 'application/json';
        ctx.body = read.body;
      },
    ),
  );

  /** PUT /reset (id: the board's owner, default the actor): a fresh copy of the Master Template. */
  router.put(
    '/reset',
    ...endpoint(
      {
        input: resetBoardSchema,
        authorize: boardPolicy<{ id?: number }>('board:reset', (i) => i.id, { ensure: true }),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        await resetBoard(boardWriteOf(ctx));
        ctx.body = { success: true, message: MESSAGES.mtnReset };
      },
    ),
  );

  /** The dashboard donut: cards per status on the actor's own board (an admin's: the template). */
  router.get(
    '/summary',
    ...endpoint({ authorize: 'board:own' }, async (ctx) => {
      ctx.body = { summary: await summaryFor(ctx.deps.knex, ctx.user.id) };
    }),
  );

  /**
   * The dashboard's "Due soon": the actor's own cards overdue or due within the week, soonest
   * first (docs/areas/board.md, "Due dates"). An admin's own board is the template: theirs too.
   */
  router.get(
    '/due-soon',
    ...endpoint({ authorize: 'board:own' }, async (ctx) => {
      const { rows, overdue } = await readDueSoon(ctx.deps.knex, ctx.user.id, new Date());
      const body: DueSoonResponse = { cards: rows.map(presentDueSoon), overdue };
      ctx.body = body;
    }),
  );

  listRoutes(router);
  historyRoutes(router);
  cardRoutes(router);
  labelRoutes(router);
  attachmentRoutes(router);
  checklistRoutes(router);
  activityRoutes(router);
  return router;
}
