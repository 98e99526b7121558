import type Router from '@koa/router';
import { checkListItemUpsertSchema, checkListUpsertSchema, idBodySchema } from '@shared/schemas/board';
import { auth } from '../../core/auth';
import type { PortalContext, PortalState } from '../../core/context';
import { parse } from '../../core/validate';
import { findOwned } from './access';
import { presentChecklist, presentItem, type ChecklistRow, type ItemRow } from './presenters';
import { boardTx } from './tx';

const ITEM_COLUMNS = ['id', 'title', 'completed', 'checklist_id'];

/** Checklists of a card and their items (title in markdown, completed). */
export function checklistRoutes(router: Router<PortalState, PortalContext>): void {
  router.post('/checkList/upsert', auth(), async (ctx) => {
    const input = await parse(checkListUpsertSchema, ctx.request.body);
    const { knex } = ctx.deps;
    if (input.id) {
      const found = await findOwned(ctx, knex, 'checklist', input.id);
      const [row] = await boardTx(knex, found.owner_id, (trx) =>
        trx('mtn_checklists')
          .where({ id: found.id })
          .update({ title: input.title })
          .returning<ChecklistRow[]>(['id', 'title', 'card_id']),
      );
      const items = await knex('mtn_checklist_items')
        .where({ checklist_id: found.id })
        .orderBy('id')
        .select<ItemRow[]>(ITEM_COLUMNS);
      ctx.body = { checkList: presentChecklist(row!, items), isNew: false };
      return;
    }
    const card = await findOwned(ctx, knex, 'card', input.CardId!);
    const [row] = await boardTx(knex, card.owner_id, (trx) =>
      trx('mtn_checklists')
        .insert({ card_id: card.id, title: input.title })
        .returning<ChecklistRow[]>(['id', 'title', 'card_id']),
    );
    ctx.body = { checkList: presentChecklist(row!, []), isNew: true };
  });

  /** DELETE /checkList with the id in the body (SPEC §7); its items go with it. */
  router.delete('/checkList', auth(), async (ctx) => {
    const { id } = await parse(idBodySchema, ctx.request.body);
    const found = await findOwned(ctx, ctx.deps.knex, 'checklist', id);
    await boardTx(ctx.deps.knex, found.owner_id, (trx) => trx('mtn_checklists').where({ id }).del());
    ctx.body = { success: true };
  });

  router.post('/checkListItem/upsert', auth(), async (ctx) => {
    const input = await parse(checkListItemUpsertSchema, ctx.request.body);
    const { knex } = ctx.deps;
    if (input.id) {
      const found = await findOwned(ctx, knex, 'item', input.id);
      const values: Record<string, unknown> = {};
      if (input.title !== undefined) values.title = input.title;
      if (input.completed !== undefined) values.completed = input.completed;
      const [row] = Object.keys(values).length
        ? await boardTx(knex, found.owner_id, (trx) =>
            trx('mtn_checklist_items').where({ id: found.id }).update(values).returning<ItemRow[]>(ITEM_COLUMNS),
          )
        : await knex('mtn_checklist_items').where({ id: found.id }).select<ItemRow[]>(ITEM_COLUMNS);
      ctx.body = { checkListItem: presentItem(row!), isNew: false };
      return;
    }
    const checklist = await findOwned(ctx, knex, 'checklist', input.CheckListId!);
    const [row] = await boardTx(knex, checklist.owner_id, (trx) =>
      trx('mtn_checklist_items')
        .insert({
          checklist_id: checklist.id,
          card_id: checklist.card_id,
          title: input.title,
          completed: input.completed ?? false,
        })
        .returning<ItemRow[]>(ITEM_COLUMNS),
    );
    ctx.body = { checkListItem: presentItem(row!), isNew: true };
  });

  router.delete('/checkListItem', auth(), async (ctx) => {
    const { id } = await parse(idBodySchema, ctx.request.body);
    const found = await findOwned(ctx, ctx.deps.knex, 'item', id);
    await boardTx(ctx.deps.knex, found.owner_id, (trx) => trx('mtn_checklist_items').where({ id }).del());
    ctx.body = { success: true };
  });
}
