/**
 * When a card entered its FOR REVIEW list, as an SQL expression on the card `c` (and its list `l`).
 *
 * Until card history exists (issue 13 §4, built in parallel) this is the card's last change:
 * a move sets `updated_at`, so a card moved into FOR REVIEW and left alone waits since that move.
 * At merge, point this one function at the history (the latest "moved into FOR REVIEW" row of the
 * card, falling back to `c.updated_at`); the queue's statement and its order follow. With the
 * history of issue 13 §4 (mtn_card_events, indexed on card_id, created_at) that is:
 *   coalesce((select max(e.created_at) from mtn_card_events e where e.card_id = c.id
 *     and e.kind = 'moved' and (e.data->>'toListId')::int = c.list_id), c.updated_at)
 */
export function waitingSinceSql(card = 'c'): string {
  return `${card}.updated_at`;
}
