import type { Knex } from 'knex';
import type { PortalContext } from '../../core/context';
import { publishSql } from './bus';

/** What a board write touched, by id: the event then carries those cards and lists as they are now. */
export interface BoardTouch {
  cards?: number[];
  lists?: number[];
  /** The whole board changed (a reset, a label renamed on many cards): viewers read it again. */
  reset?: boolean;
}

const PREFIX = '/api/move-the-needle';

type Json = Record<string, unknown> | undefined;
const num = (v: unknown): number[] => (typeof v === 'number' && Number.isInteger(v) ? [v] : []);

/**
 * Which cards and lists a board route changed, read from what the chain already holds: the
 * validated input, the policy's subject (the entity of the id, with its card) and the presented
 * body. One table for every board write, so the services stay as they are; a route that is not
 * listed announces a `reset` (viewers read the board again), which is never wrong, only slower.
 */
export function touchedBy(ctx: PortalContext): BoardTouch {
  const route = ctx.path.startsWith(PREFIX) ? ctx.path.slice(PREFIX.length) : ctx.path;
  const input = (ctx.input ?? {}) as Record<string, unknown>;
  const body = ctx.body as Json;
  const row = (ctx.subject as { row?: Record<string, unknown> } | undefined)?.row;
  const del = ctx.method === 'DELETE';
  if (route === '/list/upsert') return { lists: num((body?.list as Json)?.id) };
  if (del && route.startsWith('/list/')) return { lists: num(input.id) };
  if (route === '/label/add' || route === '/label/remove') return { cards: num(row?.id) };
  if (route.startsWith('/card/')) {
    if (del || route === '/card/archive') return { cards: num(input.id) };
    // (POST /card/move is one statement that publishes its own event: board/move-service.ts.)
    if (route === '/card/upsert' || route === '/card/reorder' || route === '/card/restore') {
      return { cards: num((body?.card as Json)?.id) };
    }
  }
  if (/^\/(attachment|checkList|checkListItem|activity)(\/|$)/.test(route)) {
    const cardId = row?.card_id ?? input.CardId ?? (row && 'list_id' in row ? row.id : undefined);
    return { cards: num(cardId) };
  }
  return { reset: true };
}

/**
 * A card as the board read presents it (read-model.ts BOARD_SQL, one card), from a row `c` with
 * mtn_cards' columns (the board's move statement, board/move-service.ts, builds it too).
 */
export const CARD_JSON = `json_build_object(
  'id', c.id, 'title', c.title, 'ListId', c.list_id, 'position', c.position,
  'coverPhotoUrl', c.cover_photo_url, 'hasDescription', c.description <> '',
  'Labels', coalesce((select json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color, 'userId', lb.user_id)
                                      order by lb.id)
                        from mtn_card_labels cl join mtn_labels lb on lb.id = cl.label_id where cl.card_id = c.id), '[]'::json),
  'attachmentsCount', c.attachments_count, 'checkListItemsCount', c.items_total,
  'checkListItemsCompleted', c.items_done, 'activitiesCount', c.activities_count)`;

const BOARD_CHANGE = `
with ids as (select ?::int as owner, ?::int[] as card_ids, ?::int[] as list_ids, ?::boolean as reset),
cards as (select c.id, ${CARD_JSON} as j from ids, mtn_cards c join mtn_lists l on l.id = c.list_id
           where c.id = any(ids.card_ids) and l.user_id = ids.owner),
lists as (select l.id, json_build_object('id', l.id, 'name', l.name, 'position', l.position, 'userId', l.user_id) as j
            from ids, mtn_lists l where l.id = any(ids.list_ids) and l.user_id = ids.owner)`;

const PAYLOAD = `select json_build_object(
  'ownerId', ids.owner,
  'version', (select version from mtn_boards where user_id = ids.owner),
  'change', case when ids.reset then json_build_object('kind', 'reset') else json_build_object(
    'kind', 'patch',
    'cards', coalesce((select json_agg(j order by id) from cards), '[]'::json),
    'removedCardIds', coalesce((select json_agg(x order by x) from unnest(ids.card_ids) x where x not in (select id from cards)), '[]'::json),
    'lists', coalesce((select json_agg(j order by id) from lists), '[]'::json),
    'removedListIds', coalesce((select json_agg(x order by x) from unnest(ids.list_ids) x where x not in (select id from lists)), '[]'::json))
  end)::jsonb from ids`;

/**
 * Publishes the `board` event of a write, in the write's transaction (one statement: the changed
 * cards and lists as the board read shows them, the board's version, the row and its
 * `pg_notify`). Viewers hear of it when the transaction commits, never before and never after a
 * rollback.
 */
export async function publishBoardChange(trx: Knex.Transaction, ownerId: number, touch: BoardTouch): Promise<void> {
  await trx.raw(publishSql(PAYLOAD, BOARD_CHANGE), [
    ownerId,
    touch.cards ?? [],
    touch.lists ?? [],
    touch.reset === true,
    'board',
    ownerId,
    'board',
  ]);
}

/** The board transaction's last step: announce what the route changed (see `touchedBy`). */
export function publishBoardWrite(trx: Knex.Transaction, ctx: PortalContext, ownerId: number): Promise<void> {
  return publishBoardChange(trx, ownerId, touchedBy(ctx));
}
