/**
 * When a card entered its FOR REVIEW list, as an SQL expression on the card `c` (and its list `l`).
 *
 * Until card history exists (issue 13 §4, built in parallel) this is the card's last change:
 * a move sets `updated_at`, so a card moved into FOR REVIEW and left alone waits since that move.
 * At merge, point this one function at the history (the latest "moved into FOR REVIEW" row of the
 * card, falling back to `c.updated_at`); the queue's statement and its order follow.
 */
export function waitingSinceSql(card = 'c'): string {
  return `${card}.updated_at`;
}
