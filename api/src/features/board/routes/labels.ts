import type Router from '@koa/router';
import { can } from '@shared/policies';
import { boardQuerySchema, cardLabelSchema, labelUpsertSchema, type LabelUpsertInput } from '@shared/schemas/board';
import { refuse, requireUser, type Policy } from '../../../core/auth';
import { badRequest } from '../../../core/errors';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { boardPolicy, byInput, findOwned, ownedPolicy, type BoardTarget } from '../access/policies';
import { BOARD_TRANSACTION, boardWriteOf } from '../commands/board-write';
import { addLabel, createLabel, deleteLabel, removeLabel, updateLabel } from '../commands/labels';
import { presentLabel } from '../presenters';
import { listLabels, readLabel } from '../read-model/labels';

/**
 * A label goes on a card of its owner's board only: the policy is asked about the label's board
 * and the card's board, and a label of another board is a 400.
 */
const labelAndCard: Policy<BoardTarget & { labelId: number }> = {
  action: 'board:work',
  load: async (ctx: PortalContext) => {
    const input = ctx.input as { LabelId: number; CardId: number };
    const label = await findOwned(ctx.deps.knex, 'label', input.LabelId);
    if (!can(requireUser(ctx), 'board:work', { id: label.owner_id, role: label.owner_role })) {
      refuse(ctx, 'board:work');
    }
    const card = await findOwned(ctx.deps.knex, 'card', input.CardId);
    if (
      label.owner_id !== card.owner_id &&
      can(requireUser(ctx), 'board:work', { id: card.owner_id, role: card.owner_role })
    ) {
      throw badRequest('This label belongs to another board', { LabelId: 'This label belongs to another board' });
    }
    return { id: card.owner_id, role: card.owner_role, lock: card.owner_id, row: card, labelId: label.id };
  },
};

/**
 * Labels belong to a board's owner: at most 10, each colour once (a unique (user, colour) index,
 * so two concurrent creations cannot both take a colour or pass the limit).
 */
export function labelRoutes(router: Router<PortalState, PortalContext>): void {
  router.get(
    '/label/read-many',
    ...endpoint(
      {
        input: boardQuerySchema,
        from: 'query',
        authorize: boardPolicy<{ userId?: number }>('board:work', (i) => i.userId),
      },
      async (ctx) => {
        ctx.body = { labels: (await listLabels(ctx.deps.knex, ctx.subject.lock)).map(presentLabel) };
      },
    ),
  );

  router.post(
    '/label/upsert',
    ...endpoint(
      {
        input: labelUpsertSchema,
        authorize: byInput<LabelUpsertInput>('board:work', (i) =>
          i.id
            ? ownedPolicy('board:work', () => ['label', i.id!])
            : boardPolicy('board:work', () => i.userId, { ensure: true }),
        ),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const { row } = ctx.subject;
        const write = boardWriteOf(ctx);
        const { label } = row ? await updateLabel(write, row.id, ctx.input) : await createLabel(write, ctx.input);
        ctx.body = { label: presentLabel(label), isNew: !row };
      },
    ),
  );

  router.delete(
    '/label/:id',
    ...endpoint(
      {
        ids: ['id'],
        authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['label', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        await deleteLabel(boardWriteOf(ctx), ctx.input.id);
        ctx.body = { success: true };
      },
    ),
  );

  router.post(
    '/label/add',
    ...endpoint({ input: cardLabelSchema, authorize: labelAndCard, transaction: BOARD_TRANSACTION }, async (ctx) => {
      await addLabel(boardWriteOf(ctx), ctx.input.CardId, ctx.subject.labelId);
      ctx.body = { success: true, label: presentLabel(await readLabel(ctx.trx, ctx.subject.labelId)) };
    }),
  );

  router.post(
    '/label/remove',
    ...endpoint({ input: cardLabelSchema, authorize: labelAndCard, transaction: BOARD_TRANSACTION }, async (ctx) => {
      await removeLabel(boardWriteOf(ctx), ctx.input.CardId, ctx.subject.labelId);
      ctx.body = { success: true };
    }),
  );
}
