import type Router from '@koa/router';
import {
  checkListItemUpsertSchema,
  checkListUpsertSchema,
  idBodySchema,
  type CheckListItemUpsertInput,
  type CheckListUpsertInput,
} from '@shared/schemas/board';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { byInput, ownedPolicy } from './access';
import { createItem, deleteChecklist, deleteItem, saveChecklist, updateItem } from './item-service';
import { recordItemToggled } from './history';
import { BOARD_TRANSACTION } from './locks';
import { presentChecklist, presentItem } from './presenters';

/** Checklists of a card and their items (title in markdown, completed). */
export function checklistRoutes(router: Router<PortalState, PortalContext>): void {
  router.post(
    '/checkList/upsert',
    ...endpoint(
      {
        input: checkListUpsertSchema,
        authorize: byInput<CheckListUpsertInput>('board:work', (i) =>
          ownedPolicy('board:work', () => (i.id ? ['checklist', i.id] : ['card', i.CardId!])),
        ),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const target = ctx.input.id ? { checklistId: ctx.input.id } : { cardId: ctx.subject.row!.id };
        const { row, items } = await saveChecklist(ctx.trx, target, ctx.input);
        ctx.body = { checkList: presentChecklist(row, items), isNew: !ctx.input.id };
      },
    ),
  );

  /** DELETE /checkList with the id in the body (SPEC §7); its items go with it. */
  router.delete(
    '/checkList',
    ...endpoint(
      {
        input: idBodySchema,
        authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['checklist', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        await deleteChecklist(ctx.trx, ctx.input.id);
        ctx.body = { success: true };
      },
    ),
  );

  router.post(
    '/checkListItem/upsert',
    ...endpoint(
      {
        input: checkListItemUpsertSchema,
        authorize: byInput<CheckListItemUpsertInput>('board:work', (i) =>
          ownedPolicy('board:work', () => (i.id ? ['item', i.id] : ['checklist', i.CheckListId!])),
        ),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        if (ctx.input.id) await recordItemToggled(ctx.trx, ctx.user.id, ctx.input.id, ctx.input.completed);
        const row = ctx.input.id
          ? await updateItem(ctx.trx, ctx.input.id, ctx.input)
          : await createItem(ctx.trx, ctx.subject.row!, ctx.input);
        ctx.body = { checkListItem: presentItem(row), isNew: !ctx.input.id };
      },
    ),
  );

  router.delete(
    '/checkListItem',
    ...endpoint(
      {
        input: idBodySchema,
        authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['item', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        await deleteItem(ctx.trx, ctx.input.id);
        ctx.body = { success: true };
      },
    ),
  );
}
