import type Router from '@koa/router';
import { MAX_LABELS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { boardQuerySchema, cardLabelSchema, labelUpsertSchema } from '@shared/schemas/board';
import { auth } from '../../core/auth';
import { badRequest, conflict, isUniqueViolation } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { idParam, parse } from '../../core/validate';
import { findOwned, resolveBoard, singleQuery } from './access';
import { presentLabel, type LabelRow } from './presenters';
import { ensureBoard } from './template';
import { boardTx } from './tx';

const COLUMNS = ['id', 'name', 'color', 'user_id'];
const colorUsed = () => conflict(MESSAGES.labelColorUsed, { color: MESSAGES.labelColorUsed });

/**
 * Labels belong to a board's owner: at most 10, each colour once (a unique (user, colour) index,
 * so two concurrent creations cannot both take a colour or pass the limit).
 */
export function labelRoutes(router: Router<PortalState, PortalContext>): void {
  router.get('/label/read-many', auth(), async (ctx) => {
    const query = await parse(boardQuerySchema, singleQuery(ctx));
    const board = await resolveBoard(ctx, query.userId);
    const rows = await ctx.deps
      .knex('mtn_labels')
      .where({ user_id: board.owner.id })
      .orderBy('id')
      .select<LabelRow[]>(COLUMNS);
    ctx.body = { labels: rows.map(presentLabel) };
  });

  router.post('/label/upsert', auth(), async (ctx) => {
    const input = await parse(labelUpsertSchema, ctx.request.body);
    const { knex } = ctx.deps;
    try {
      if (input.id) {
        const found = await findOwned(ctx, knex, 'label', input.id);
        const [row] = await boardTx(knex, found.owner_id, (trx) =>
          trx('mtn_labels')
            .where({ id: found.id })
            .update({ name: input.name, color: input.color })
            .returning<LabelRow[]>(COLUMNS),
        );
        ctx.body = { label: presentLabel(row!), isNew: false };
        return;
      }
      const board = await resolveBoard(ctx, input.userId);
      if (!board.exists) await ensureBoard(knex, board.owner.id, board.isTemplate);
      // One statement: inserts only while the owner has fewer than MAX_LABELS labels.
      const inserted = await boardTx(knex, board.owner.id, (trx) =>
        trx.raw<{ rows: LabelRow[] }>(
          `insert into mtn_labels (user_id, name, color)
         select ?, ?, ? where (select count(*) from mtn_labels where user_id = ?) < ?
         returning id, name, color, user_id`,
          [board.owner.id, input.name, input.color, board.owner.id, MAX_LABELS],
        ),
      );
      const row = inserted.rows[0];
      if (!row) throw badRequest(MESSAGES.tooManyLabels, { color: MESSAGES.tooManyLabels });
      ctx.body = { label: presentLabel(row), isNew: true };
    } catch (err) {
      if (isUniqueViolation(err, 'mtn_labels_user_color_unique')) throw colorUsed();
      throw err;
    }
  });

  router.delete('/label/:id', auth(), async (ctx) => {
    const id = idParam(ctx.params.id);
    const found = await findOwned(ctx, ctx.deps.knex, 'label', id);
    await boardTx(ctx.deps.knex, found.owner_id, (trx) => trx('mtn_labels').where({ id }).del());
    ctx.body = { success: true };
  });

  /** A label goes on a card of its owner's board only. */
  async function labelAndCard(ctx: PortalContext) {
    const input = await parse(cardLabelSchema, ctx.request.body);
    const label = await findOwned(ctx, ctx.deps.knex, 'label', input.LabelId);
    const card = await findOwned(ctx, ctx.deps.knex, 'card', input.CardId);
    if (label.owner_id !== card.owner_id) {
      throw badRequest('This label belongs to another board', { LabelId: 'This label belongs to another board' });
    }
    return { labelId: label.id, cardId: card.id, ownerId: card.owner_id };
  }

  router.post('/label/add', auth(), async (ctx) => {
    const { labelId, cardId, ownerId } = await labelAndCard(ctx);
    await boardTx(ctx.deps.knex, ownerId, (trx) =>
      trx.raw('insert into mtn_card_labels (card_id, label_id) values (?, ?) on conflict do nothing', [
        cardId,
        labelId,
      ]),
    );
    const row = await ctx.deps.knex('mtn_labels').where({ id: labelId }).first<LabelRow>(COLUMNS);
    ctx.body = { success: true, label: presentLabel(row) };
  });

  router.post('/label/remove', auth(), async (ctx) => {
    const { labelId, cardId, ownerId } = await labelAndCard(ctx);
    await boardTx(ctx.deps.knex, ownerId, (trx) =>
      trx('mtn_card_labels').where({ card_id: cardId, label_id: labelId }).del(),
    );
    ctx.body = { success: true };
  });
}
