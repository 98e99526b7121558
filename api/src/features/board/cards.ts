import type Router from '@koa/router';
import { MESSAGES } from '@shared/messages';
import { canArchiveCard, canDeleteCard, type BoardOwner } from '@shared/policies/board';
import {
  cardArchiveQuerySchema,
  cardMoveSchema,
  cardReorderSchema,
  cardUpsertSchema,
  idBodySchema,
} from '@shared/schemas/board';
import { auth, requireUser } from '../../core/auth';
import { badRequest, forbidden, notFound } from '../../core/errors';
import type { PortalContext, PortalState } from '../../core/context';
import { idParam, parse } from '../../core/validate';
import { assertWork, findOwned, resolveBoard, singleQuery } from './access';
import { archiveCard, findArchivedCardOwner, readArchivedCards, restoreCard } from './archive';
import { deleteCardAt, moveCard, openCardSlot, reorderCard } from './positions';
import { readCard } from './read-model';
import { boardTx, ownedTx } from './tx';

/** Cards: the dialog's read, create/update, reorder within a list, move across lists, delete. */
export function cardRoutes(router: Router<PortalState, PortalContext>): void {
  router.get('/card/:id', auth(), async (ctx) => {
    const id = idParam(ctx.params.id);
    await findOwned(ctx, ctx.deps.knex, 'card', id);
    const card = await readCard(ctx.deps.knex, id);
    if (!card) throw notFound(MESSAGES.cardNotFound);
    ctx.body = { card };
  });

  router.post('/card/reorder', auth(), async (ctx) => {
    const input = await parse(cardReorderSchema, ctx.request.body);
    const authorize = (owner: BoardOwner) => void assertWork(ctx, owner);
    const card = await ownedTx(ctx.deps.knex, 'list', input.ListId, authorize, (trx, owner) =>
      reorderCard(trx, owner, input),
    );
    ctx.body = { success: true, card };
  });

  router.post('/card/move', auth(), async (ctx) => {
    const input = await parse(cardMoveSchema, ctx.request.body);
    const authorize = (owner: BoardOwner) => void assertWork(ctx, owner);
    const card = await ownedTx(ctx.deps.knex, 'card', input.cardId, authorize, (trx, owner) =>
      moveCard(trx, owner, input),
    );
    ctx.body = { success: true, card };
  });

  /**
   * Without id: a new card in ListId at `position` (default: the end). With id: title,
   * description and cover (null, or the URL of one of the card's attachments). Position and list
   * change only through reorder and move.
   */
  router.post('/card/upsert', auth(), async (ctx) => {
    const input = await parse(cardUpsertSchema, ctx.request.body);
    const { knex } = ctx.deps;
    let cardId: number;
    if (input.id) {
      const found = await findOwned(ctx, knex, 'card', input.id);
      const values: Record<string, unknown> = { updated_at: knex.fn.now() };
      if (input.title !== undefined) values.title = input.title;
      if (input.description !== undefined) values.description = input.description;
      if (input.coverPhotoUrl !== undefined) {
        const cover = input.coverPhotoUrl || null;
        if (cover !== null && cover !== found.cover_photo_url) {
          const attached = await knex('mtn_attachments').where({ card_id: found.id, file_url: cover }).first('id');
          if (!attached) {
            throw badRequest('Choose one of the card’s attachments', {
              coverPhotoUrl: 'Choose one of the card’s attachments',
            });
          }
        }
        values.cover_photo_url = cover;
      }
      await boardTx(knex, found.owner_id, (trx) => trx('mtn_cards').where({ id: found.id }).update(values));
      cardId = found.id;
    } else {
      if (!input.title) throw badRequest(MESSAGES.fieldRequired, { title: MESSAGES.fieldRequired });
      if (input.coverPhotoUrl) {
        throw badRequest('A new card has no attachments yet', { coverPhotoUrl: 'A new card has no attachments yet' });
      }
      const list = await findOwned(ctx, knex, 'list', input.ListId!);
      cardId = await boardTx(knex, list.owner_id, async (trx) => {
        const position = await openCardSlot(trx, list.owner_id, list.id, input.position);
        const [row] = await trx('mtn_cards')
          .insert({ list_id: list.id, title: input.title, description: input.description ?? '', position })
          .returning<Array<{ id: number }>>('id');
        return row!.id;
      });
    }
    const card = await readCard(knex, cardId);
    ctx.body = { card, isNew: !input.id };
  });

  /** Archive (never delete) a card: whoever works on the board (canArchiveCard). */
  router.post('/card/archive', auth(), async (ctx) => {
    const { id } = await parse(idBodySchema, ctx.request.body);
    const authorize = (owner: BoardOwner) => {
      if (!canArchiveCard(requireUser(ctx), owner)) assertWork(ctx, owner);
    };
    await ownedTx(ctx.deps.knex, 'card', id, authorize, (trx, owner) => archiveCard(trx, owner, id));
    ctx.body = { success: true, message: MESSAGES.cardArchived, id };
  });

  /** Restore an archived card to the end of its list, or of the first list when its list is gone. */
  router.post('/card/restore', auth(), async (ctx) => {
    const { id } = await parse(idBodySchema, ctx.request.body);
    const found = await findArchivedCardOwner(ctx.deps.knex, id);
    if (!found) throw notFound(MESSAGES.cardNotArchived);
    const owner = { id: found.owner_id, role: found.owner_role };
    if (!canArchiveCard(requireUser(ctx), owner)) assertWork(ctx, owner);
    const place = await restoreCard(ctx.deps.knex, found.owner_id, id);
    const card = await readCard(ctx.deps.knex, id);
    ctx.body = { success: true, message: MESSAGES.cardRestored, card, ListId: place.listId, position: place.position };
  });

  router.get('/card/archive/read-many', auth(), async (ctx) => {
    const { ownerId } = await parse(cardArchiveQuerySchema, singleQuery(ctx));
    const board = await resolveBoard(ctx, ownerId);
    ctx.body = { cards: board.exists ? await readArchivedCards(ctx.deps.knex, board.owner.id) : [] };
  });

  router.delete('/card/:id', auth(), async (ctx) => {
    const id = idParam(ctx.params.id);
    const found = await findOwned(ctx, ctx.deps.knex, 'card', id);
    if (!canDeleteCard(requireUser(ctx))) throw forbidden();
    await boardTx(ctx.deps.knex, found.owner_id, (trx) => deleteCardAt(trx, id));
    ctx.body = { success: true, message: MESSAGES.cardRemoved };
  });
}
