import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { canDeleteList, isReservedListName } from '@shared/policies/board';
import { listUpsertSchema } from '@shared/schemas/board';
import { auth, requireUser } from '../../core/auth';
import { badRequest, forbidden } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { idParam, parse } from '../../core/validate';
import { findOwned, resolveBoard } from './access';
import { deleteListAt, moveListTo, openListSlot } from './positions';
import { presentList, type ListRow } from './presenters';
import { ensureBoard } from './template';
import { boardTx, listCount } from './tx';

const reservedName = () => badRequest(MESSAGES.reservedListName, { name: MESSAGES.reservedListName });

/** Lists: create, rename, move (POST /list/upsert) and delete (admin, not reserved). */
export function listRoutes(router: Router<PortalState, PortalContext>): void {
  /**
   * Without id: a new list named `name` at `position` (default: the end) of `userId`'s board (default:
   * the actor's). With id: rename (reserved lists keep their names) and/or move to `position`.
   */
  router.post('/list/upsert', auth(), async (ctx) => {
    const input = await parse(listUpsertSchema, ctx.request.body);
    const { knex } = ctx.deps;
    if (input.id) {
      const found = await findOwned(ctx, knex, 'list', input.id);
      const renamed = input.name !== found.name;
      if (renamed && (isReservedListName(String(found.name)) || isReservedListName(input.name))) {
        throw badRequest(MESSAGES.reservedListLocked, { name: MESSAGES.reservedListLocked });
      }
      const row = await boardTx(knex, found.owner_id, async (trx) => {
        const count = await listCount(trx, found.owner_id);
        if (input.position !== undefined) await moveListTo(trx, found.owner_id, found.id, input.position, count);
        const [updated] = await trx('mtn_lists')
          .where({ id: found.id })
          .update({ name: input.name, updated_at: trx.fn.now() })
          .returning<ListRow[]>(['id', 'name', 'position', 'user_id']);
        return updated!;
      });
      ctx.body = { list: presentList(row), isNew: false };
      return;
    }
    if (isReservedListName(input.name)) throw reservedName();
    const board = await resolveBoard(ctx, input.userId);
    if (!board.exists) await ensureBoard(knex, board.owner.id, board.isTemplate);
    const row = await boardTx(knex, board.owner.id, async (trx) => {
      const count = await listCount(trx, board.owner.id);
      const position = await openListSlot(trx, board.owner.id, input.position, count);
      const [inserted] = await trx('mtn_lists')
        .insert({ user_id: board.owner.id, name: input.name, position })
        .returning<ListRow[]>(['id', 'name', 'position', 'user_id']);
      return inserted!;
    });
    ctx.body = { list: presentList(row), isNew: true };
  });

  router.delete('/list/:id', auth(), async (ctx) => {
    const id = idParam(ctx.params.id);
    const found = await findOwned(ctx, ctx.deps.knex, 'list', id);
    if (!canDeleteList(requireUser(ctx), { name: String(found.name) })) {
      throw forbidden(isReservedListName(String(found.name)) ? MESSAGES.reservedListLocked : MESSAGES.forbidden);
    }
    await boardTx(ctx.deps.knex, found.owner_id, (trx) => deleteListAt(trx, found.owner_id, id));
    ctx.body = { success: true };
  });
}
