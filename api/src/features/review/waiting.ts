/**
 * When a card entered its FOR REVIEW list, as an SQL expression on the card `c`: the latest
 * history row (docs/areas/card-history.md) that put the card in the list it is in now (created there, moved or
 * restored into it), else the card's last change (a card that entered before history was kept).
 * Same rule as `enteredCurrentListAt` of the board's history.
 */
export function waitingSinceSql(card = 'c'): string {
  return `coalesce((select max(e.created_at) from mtn_card_events e
     where e.card_id = ${card}.id and e.kind in ('created', 'moved', 'restored')
       and coalesce(e.data->>'toListId', e.data->>'listId') = ${card}.list_id::text), ${card}.updated_at)`;
}
