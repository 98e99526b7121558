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
import { notFound } from '../../core/errors';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { boardPolicy, byInput, ownedPolicy, type BoardTarget } from './access';
import { archiveCard, findArchivedCardOwner, readArchivedCards, restoreCard } from './archive';
import { createCard, updateCard } from './card-service';
import { recordCardArchived, recordCardCreated, recordCardEdited, recordCardRestored } from './history';
import { BOARD_TRANSACTION } from './locks';
import { moveCardAtOnce } from './move-service';
import { deleteCardAt, reorderCard } from './positions';
import { nudgeAfterCommit } from '../../core/queue';
import { readCard } from './read-model';

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
        ctx.body = { success: true, card: await reorderCard(ctx.trx, ctx.subject.lock, ctx.input) };
      },
    ),
  );

  /**
   * A card to another place, in its list or another, in one SQL statement that is its own
   * transaction (so no transaction step). The statement locks the board, checks, moves, writes
   * the history, the notification and the live events: with the session and the policy, four
   * round trips (docs/areas/board.md, "Moves").
   */
  router.post(
    '/card/move',
    ...endpoint(
      {
        input: cardMoveSchema,
        authorize: ownedPolicy<CardMoveInput>('board:work', (i) => ['card', i.cardId]),
      },
      async (ctx) => {
        const moved = await moveCardAtOnce(ctx.deps.knex, ctx.subject.lock, ctx.input, ctx.user);
        if (moved.mailJobs > 0) nudgeAfterCommit(ctx.deps.knex, 'mail');
        ctx.body = { success: true, card: moved.card };
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
        if (ctx.input.id) await recordCardEdited(ctx.trx, ctx.user.id, found.id, ctx.input);
        const cardId = ctx.input.id
          ? await updateCard(ctx.trx, found, ctx.input)
          : await createCard(ctx.trx, found, ctx.input);
        if (!ctx.input.id) await recordCardCreated(ctx.trx, ctx.user.id, cardId);
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
        await archiveCard(ctx.trx, ctx.subject.lock, ctx.input.id);
        await recordCardArchived(ctx.trx, ctx.user.id, ctx.input.id);
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
        const place = await restoreCard(ctx.trx, ctx.subject.lock, ctx.input.id);
        await recordCardRestored(ctx.trx, ctx.user.id, ctx.input.id);
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
        await deleteCardAt(ctx.trx, ctx.input.id);
        ctx.body = { success: true, message: MESSAGES.cardRemoved };
      },
    ),
  );
}
