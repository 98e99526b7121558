import type Router from '@koa/router';
import {
  checkListItemUpsertSchema,
  checkListUpsertSchema,
  idBodySchema,
  type CheckListItemUpsertInput,
  type CheckListUpsertInput,
} from '@shared/schemas/board';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { byInput, ownedPolicy, type OwnedEntity } from '../access/policies';
import { BOARD_TRANSACTION, boardWriteOf } from '../commands/board-write';
import {
  createChecklist,
  createItem,
  deleteChecklist,
  deleteItem,
  renameChecklist,
  updateItem,
} from '../commands/checklists';
import { presentChecklist, presentItem } from '../presenters';

/** A checklist's or an item's id and card, from the row the policy loaded. */
const onCard = (row: OwnedEntity) => ({ id: row.id, card_id: Number(row.card_id) });

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
        const found = ctx.subject.row!;
        const write = boardWriteOf(ctx);
        const { checklist, items } = ctx.input.id
          ? await renameChecklist(write, onCard(found), ctx.input)
          : await createChecklist(write, found.id, ctx.input);
        ctx.body = { checkList: presentChecklist(checklist, items), isNew: !ctx.input.id };
      },
    ),
  );

  /** DELETE /checkList with the id in the body (docs/api.md); its items go with it. */
  router.delete(
    '/checkList',
    ...endpoint(
      {
        input: idBodySchema,
        authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['checklist', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        await deleteChecklist(boardWriteOf(ctx), onCard(ctx.subject.row!));
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
        const found = ctx.subject.row!;
        const write = boardWriteOf(ctx);
        const { item } = ctx.input.id
          ? await updateItem(write, onCard(found), ctx.input)
          : await createItem(write, onCard(found), ctx.input);
        ctx.body = { checkListItem: presentItem(item), isNew: !ctx.input.id };
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
        await deleteItem(boardWriteOf(ctx), onCard(ctx.subject.row!));
        ctx.body = { success: true };
      },
    ),
  );
}
