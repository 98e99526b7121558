import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import {
  cardArchiveQuerySchema,
  cardMoveSchema,
  cardReorderSchema,
  cardUpsertSchema,
  idBodySchema,
  type CardMoveInput,
  type CardReorderInput,
  type CardUpsertInput,
} from '@shared/schemas/board';
import { notFound } from '../../../core/errors';
import { endpoint } from '../../../core/endpoint';
import type { PortalContext, PortalState } from '../../../core/context';
import { boardPolicy, byInput, ownedPolicy, type BoardTarget } from '../access/policies';
import { archiveCard, restoreCard } from '../commands/archive';
import { BOARD_TRANSACTION, boardWriteOf } from '../commands/board-write';
import { createCard, deleteCard, reorderCard, updateCard } from '../commands/cards';
import { moveCard } from '../commands/move-card';
import { findArchivedCardOwner, readArchivedCards } from '../read-model/archive';
import { readCard } from '../read-model/board';

/** Cards: the dialog's read, create/update, reorder within a list, move across lists, delete. */
export function cardRoutes(router: Router<PortalState, PortalContext>): void {
  router.get(
    '/card/:id',
    ...endpoint(
      { ids: ['id'], authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['card', i.id]) },
      async (ctx) => {
        const card = await readCard(ctx.deps.knex, ctx.input.id);
        if (!card) throw notFound(MESSAGES.cardNotFound);
        ctx.body = { card };
      },
    ),
  );

  router.post(
    '/card/reorder',
    ...endpoint(
      {
        input: cardReorderSchema,
        authorize: ownedPolicy<CardReorderInput>('board:work', (i) => ['list', i.ListId]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const { card } = await reorderCard(boardWriteOf(ctx), ctx.input);
        ctx.body = { success: true, card };
      },
    ),
  );

  /**
   * A card to another place, in its list or another: the move command on its own, one SQL
   * statement that is its own transaction (so no transaction step). It locks the board, checks,
   * moves, writes the history, the notification and the live events: with the session and the
   * policy, four round trips (docs/areas/board.md, "Moves").
   */
  router.post(
    '/card/move',
    ...endpoint(
      {
        input: cardMoveSchema,
        authorize: ownedPolicy<CardMoveInput>('board:work', (i) => ['card', i.cardId]),
      },
      async (ctx) => {
        const { card } = await moveCard({ knex: ctx.deps.knex, ownerId: ctx.subject.lock, actor: ctx.user }, ctx.input);
        ctx.body = { success: true, card };
      },
    ),
  );

  /**
   * Without id: a new card in ListId at `position` (default: the end). With id: title,
   * description and cover (null, or the URL of one of the card's attachments). Position and list
   * change only through reorder and move.
   */
  router.post(
    '/card/upsert',
    ...endpoint(
      {
        input: cardUpsertSchema,
        authorize: byInput<CardUpsertInput>('board:work', (i) =>
          ownedPolicy('board:work', () => (i.id ? ['card', i.id] : ['list', i.ListId!])),
        ),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const found = ctx.subject.row!;
        const write = boardWriteOf(ctx);
        let cardId = found.id;
        if (ctx.input.id) {
          await updateCard(write, { id: found.id, cover_photo_url: found.cover_photo_url as string | null }, ctx.input);
        } else {
          cardId = (await createCard(write, found.id, ctx.input)).cardId;
        }
        ctx.body = { card: await readCard(ctx.trx, cardId), isNew: !ctx.input.id };
      },
    ),
  );

  /** Archive (never delete) a card: whoever works on the board (the shared canArchiveCard). */
  router.post(
    '/card/archive',
    ...endpoint(
      {
        input: idBodySchema,
        authorize: ownedPolicy<{ id: number }>('board:work', (i) => ['card', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        await archiveCard(boardWriteOf(ctx), ctx.input.id);
        ctx.body = { success: true, message: MESSAGES.cardArchived, id: ctx.input.id };
      },
    ),
  );

  /** Restore an archived card to the end of its list, or of the first list when its list is gone. */
  router.post(
    '/card/restore',
    ...endpoint(
      {
        input: idBodySchema,
        authorize: {
          action: 'board:work',
          load: async (ctx: PortalContext): Promise<BoardTarget> => {
            const found = await findArchivedCardOwner(ctx.deps.knex, (ctx.input as { id: number }).id);
            if (!found) throw notFound(MESSAGES.cardNotArchived);
            return { id: found.owner_id, role: found.owner_role, lock: found.owner_id };
          },
        },
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        const place = await restoreCard(boardWriteOf(ctx), ctx.input.id);
        const card = await readCard(ctx.trx, ctx.input.id);
        ctx.body = {
          success: true,
          message: MESSAGES.cardRestored,
          card,
          ListId: place.listId,
          position: place.position,
        };
      },
    ),
  );

  /** The archived cards of ?ownerId's board (default: the actor's own). */
  router.get(
    '/card/archive/read-many',
    ...endpoint(
      {
        input: cardArchiveQuerySchema,
        from: 'query',
        authorize: boardPolicy<{ ownerId?: number }>('board:work', (i) => i.ownerId),
      },
      async (ctx) => {
        const board = ctx.subject.board!;
        ctx.body = { cards: board.exists ? await readArchivedCards(ctx.deps.knex, board.owner.id) : [] };
      },
    ),
  );

  router.delete(
    '/card/:id',
    ...endpoint(
      {
        ids: ['id'],
        authorize: ownedPolicy<{ id: number }>('board:card-delete', (i) => ['card', i.id]),
        transaction: BOARD_TRANSACTION,
      },
      async (ctx) => {
        await deleteCard(boardWriteOf(ctx), ctx.input.id);
        ctx.body = { success: true, message: MESSAGES.cardRemoved };
      },
    ),
  );
}
