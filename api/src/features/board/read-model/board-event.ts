import type { Knex } from 'knex';
import { listNameKeySql, REVIEW_LIST_NAME } from '@shared/board/list-roles';
import { publishSql } from '../../../core/live-events';
import type { BoardTouch } from '../commands/touch';

/**
 * The board's live event (docs/areas/live.md, "Board writes"): the cards and lists a write touched,
 * presented as the board read presents them, so an open board patches itself without a reload.
 */

/** A timestamptz column as ISO 8601 in UTC (what `iso()` gives in Node), null when null. */
export const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * When the card `c` (with mtn_cards' `id`, `list_id` and `updated_at`) entered the list it is in:
 * the latest history row that put it there (created, moved or restored into it), else its last
 * change. The review queue's waiting-since rule (features/review/waiting.ts), so the tile's
 * "In review 2 d" and the queue's wait agree.
 */
const ENTERED_LIST_SQL = `coalesce((select max(e.created_at) from mtn_card_events e
     where e.card_id = c.id and e.kind in ('created', 'moved', 'restored')
       and coalesce(e.data->>'toListId', e.data->>'listId') = c.list_id::text), c.updated_at)`;

/** Whether the list named `listName` (an SQL text) is FOR REVIEW (shared/src/board/list-roles.ts). */
export const isReviewListSql = (listName: string) => `${listNameKeySql(listName)} = '${REVIEW_LIST_NAME}'`;

/**
 * The board read's `reviewSince` of the card `c`: when it entered its list, as ISO 8601 text, if
 * `inReview` (an SQL boolean: its list is FOR REVIEW, `isReviewListSql`); null in every other list,
 * so only the review list's cards pay the history look-up (an index scan of mtn_card_events_card_idx).
 * `enteredNow` (an SQL boolean) is true when the statement itself has just moved the card there
 * (the move's history row is not visible to its own statement: now(), that row's time).
 */
export function reviewSinceSql(inReview: string, enteredNow = 'false'): string {
  return `case when ${inReview}
    then ${isoSql(`case when ${enteredNow} then now() else ${ENTERED_LIST_SQL} end`)} end`;
}

/**
 * A card as the board read presents it (board.ts BOARD_SQL, one card), from a row `c` with
 * mtn_cards' columns and its `reviewSince` (an SQL expression, `reviewSinceSql`); the move's one
 * statement (commands/move-card.ts) builds it too.
 */
export const cardJson = (reviewSince: string) => `json_build_object(
  'id', c.id, 'title', c.title, 'ListId', c.list_id, 'position', c.position,
  'coverPhotoUrl', c.cover_photo_url, 'dueAt', ${isoSql('c.due_at')}, 'hasDescription', c.description <> '',
  'Labels', coalesce((select json_agg(json_build_object('id', lb.id, 'name', lb.name, 'color', lb.color, 'userId', lb.user_id)
                                      order by lb.id)
                        from mtn_card_labels cl join mtn_labels lb on lb.id = cl.label_id where cl.card_id = c.id), '[]'::json),
  'attachmentsCount', c.attachments_count, 'checkListItemsCount', c.items_total,
  'checkListItemsCompleted', c.items_done, 'activitiesCount', c.activities_count,
  'reviewSince', ${reviewSince})`;

const BOARD_CHANGE = `
with ids as (select ?::int as owner, ?::int[] as card_ids, ?::int[] as list_ids, ?::boolean as reset),
cards as (select c.id, ${cardJson(reviewSinceSql(isReviewListSql('l.name')))} as j from ids, mtn_cards c join mtn_lists l on l.id = c.list_id
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
 * Publishes the `board` event of a write from what it touched, in the write's transaction (one
 * statement: the touched cards and lists as the board read shows them, the board's version, the
 * row and its `pg_notify`). A touched id that no longer exists (deleted, archived) is announced as
 * removed. Viewers hear of it when the transaction commits, never before and never after a rollback.
 */
export async function publishBoardTouch(trx: Knex.Transaction, touch: BoardTouch): Promise<void> {
  await trx.raw(publishSql(PAYLOAD, BOARD_CHANGE), [
    touch.ownerId,
    touch.cards,
    touch.lists,
    touch.reset,
    'board',
    touch.ownerId,
    'board',
  ]);
}
