import { COMPLETED_LIST_NAME, listNameKeySql } from '@shared/board/list-roles';
import { DUE_SOON_DAYS } from '@shared/board/due';
import type { Card, BoardList } from '../../../models';
import type { Db } from './queries';

/** The most cards the dashboard's "Due soon" lists. */
export const DUE_SOON_LIMIT = 20;

/** A row of the "Due soon" read: the card's columns and its list's. */
export type DueSoonRow = Pick<Card, 'id' | 'title'> & {
  due_at: NonNullable<Card['due_at']>;
  list_id: number;
  list_name: BoardList['name'];
};

/**
 * The dashboard's "Due soon" (docs/areas/board.md, "Due dates"): the cards of `ownerId`'s board
 * due before `now` + DUE_SOON_DAYS (the overdue ones too), outside the COMPLETED list (archived
 * cards have no list), soonest first, at most DUE_SOON_LIMIT; and how many of them are overdue.
 * One statement over the partial index on due_at.
 */
export async function readDueSoon(
  db: Db,
  ownerId: number,
  now: Date,
): Promise<{ rows: DueSoonRow[]; overdue: number }> {
  const until = new Date(now.getTime() + DUE_SOON_DAYS * 86_400_000);
  const result = await db.raw<{ rows: Array<DueSoonRow & { overdue: number | string }> }>(
    `with due as (
       select c.id, c.title, c.due_at, c.list_id, l.name as list_name
         from mtn_cards c join mtn_lists l on l.id = c.list_id
        where l.user_id = :owner and c.due_at is not null and c.due_at < :until
          and ${listNameKeySql('l.name')} <> :completed
     )
     select d.*, (select count(*)::int from due where due_at <= :now) as overdue
       from (select * from due order by due_at, id limit :limit) d
      order by d.due_at, d.id`,
    { owner: ownerId, until, now, completed: COMPLETED_LIST_NAME, limit: DUE_SOON_LIMIT },
  );
  const overdue = result.rows[0] ? Number(result.rows[0].overdue) : 0;
  return { rows: result.rows, overdue };
}
