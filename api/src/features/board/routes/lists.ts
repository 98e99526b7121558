import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { isReservedListName } from '@shared/board/list-roles';
import { listUpsertSchema, type ListUpsertInput } from '@shared/schemas/board';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { boardPolicy, byInput, ownedPolicy } from '../access/policies';
import { BOARD_TRANSACTION, boardWriteOf } from '../commands/board-write';
import { createList, deleteList, updateList } from '../commands/lists';
import { presentList } from '../presenters';

/** Lists: create, rename, move (POST /list/upsert) and delete (admin, not reserved). */
export function listRoutes(router: Router<PortalState, PortalContext>): void {
  /**
   * Without id: a new list named `name` at `position` (default: the end) of `userId`'s board (default:
   * the actor's). With id: rename (reserved lists keep their names) and/or move to `position`.
   */
  router.post(
    '/list/upsert',
    ...endpoint(
      {
        input: listUpsertSchema,
        authorize: byInput<ListUpsertInput>('board:work', (i) =>
          i.id
            ? ownedPolicy('board:work', () => ['list', i.id!])
            : boardPolicy('board:work', () => i.userId, { ensure: true }),
        ),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const { row } = ctx.subject;
        const write = boardWriteOf(ctx);
        const { list } = row
          ? await updateList(write, { id: row.id, name: String(row.name) }, ctx.input)
          : await createList(write, ctx.input);
        ctx.body = { list: presentList(list), isNew: !row };
      },
    ),
  );

  router.delete(
    '/list/:id',
    ...endpoint(
      {
        ids: ['id'],
        authorize: {
          ...ownedPolicy<{ id: number }>('board:list-delete', (i) => ['list', i.id]),
          message: (s) => (isReservedListName(s.listName ?? '') ? MESSAGES.reservedListLocked : undefined),
        },
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        await deleteList(boardWriteOf(ctx), ctx.input.id);
        ctx.body = { success: true };
      },
    ),
  );
}
