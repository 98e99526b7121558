import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import type { ReviewQueueQuery, ReviewSendInput } from '@shared/schemas/review';
import { isReviewList, listNameKeySql, REVIEW_LIST_NAME } from '@shared/board/list-roles';
import type { ReviewCard, ReviewQueueResponse } from '@shared/types/review';
import { conflict } from '../../core/errors';
import { iso } from '../../core/dates';
import { comment, moveCard, type BoardWrite } from '../board';
import { waitingSinceSql } from './waiting';
import type { BoardList, Card, Timestamp, User } from '../../models';

type Db = Knex | Knex.Transaction;

/**
 * A line of the queue statement's answer: a card of the page with its owner and since when it
 * waits, and the total (a page past the end still answers one line, all null but the total).
 */
type QueueLine = {
  id: Card['id'] | null;
  title: Card['title'] | null;
  owner_id: User['id'] | null;
  owner_name: User['full_name'] | null;
  waiting_since: Timestamp | null;
  due_at: Card['due_at'];
  overdue: boolean | null;
  total: number | string;
  overdue_count: number | string;
};

/**
 * The review queue (docs/areas/review.md): every live card in a FOR REVIEW list of a member's board (not an
 * admin's: that is the Master Template, which nobody reviews), oldest waiting first, one page of
 * it and how many in all, in one statement. `mine`: members whose coach is the actor;
 * `unassigned`: premium members without a coach; `all`: every board a coach may work on.
 */
export async function readReviewQueue(
  db: Db,
  actorId: number,
  query: ReviewQueueQuery,
  slaHours: number,
  now: Date = new Date(),
): Promise<ReviewQueueResponse> {
  const scope =
    query.scope === 'mine'
      ? 'and u.coach_id = :actor'
      : query.scope === 'unassigned'
        ? "and u.coach_id is null and u.role = 'premium' and not u.is_admin"
        : '';
  const waiting = waitingSinceSql('c');
  const order = query.sort === 'newest' ? 'waiting_since desc, id desc' : 'waiting_since, id';
  const result = await db.raw<{ rows: QueueLine[] }>(
    `with s as (
       select c.id, c.title, c.due_at, u.id as owner_id, u.full_name as owner_name, ${waiting} as waiting_since
         from mtn_lists l
         join users u on u.id = l.user_id
         join mtn_cards c on c.list_id = l.id
        where ${listNameKeySql('l.name')} = :listName and u.role <> 'admin' ${scope}
     ), all_cards as (
       select s.*, s.waiting_since <= :cutoff as overdue from s
     ), q as (
       select * from all_cards ${query.overdue === undefined ? '' : 'where overdue = :overdue'}
     ), page as (
       select * from q order by ${order} limit :limit offset :offset
     )
     select page.*, t.total, t.overdue_count
       from (select (select count(*)::int from q) as total,
                    (select count(*)::int from all_cards where overdue) as overdue_count) t
       left join page on true
      order by ${order.replace(/(^|, )/g, '$1page.')}`,
    {
      actor: actorId,
      listName: REVIEW_LIST_NAME,
      cutoff: new Date(now.getTime() - slaHours * 3_600_000),
      ...(query.overdue === undefined ? {} : { overdue: query.overdue }),
      limit: query.itemsPerPage,
      offset: (query.page - 1) * query.itemsPerPage,
    },
  );
  const rows = result.rows;
  const cards: ReviewCard[] = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      title: r.title!,
      ownerId: r.owner_id!,
      ownerName: r.owner_name!,
      waitingSince: iso(r.waiting_since!),
      dueAt: r.due_at === null ? null : iso(r.due_at),
      overdue: r.overdue === true,
    }));
  return {
    cards,
    total: Number(rows[0]?.total ?? 0),
    overdueCount: Number(rows[0]?.overdue_count ?? 0),
    slaHours,
  };
}

/** What a send-on did: the member to tell, who did it, the card and where it went. */
export interface SentOn {
  cardId: number;
  cardTitle: string;
  ownerId: number;
  actorId: number;
  to: ReviewSendInput['to'];
  /** The FOR REVIEW list the card left, and the list it went to. */
  sourceListId: number;
  listId: number;
  position: number;
  activityId: number | null;
}

/** The card under the lock: its list and title, that list's name and the destination list's id. */
type WaitingCard = Pick<Card, 'title'> & {
  list_id: BoardList['id'];
  source_name: BoardList['name'];
  dest_id: BoardList['id'] | null;
};

/**
 * Sends card `cardId` on from FOR REVIEW (docs/areas/review.md), in the board write of its board
 * (the board locked): the card is read under the lock (409 when it no longer waits in FOR REVIEW),
 * the optional comment is added, and the card goes to the top of the destination list through the
 * board's one move command (the same contiguity and 409-on-stale rules as a drag, the same history
 * row, and the member's notification of a card moved out of FOR REVIEW by a coach).
 */
export async function sendOn(
  w: BoardWrite,
  cardId: number,
  input: ReviewSendInput,
  publicUrl: string,
): Promise<SentOn> {
  const { trx, ownerId } = w;
  const found = await trx.raw<{ rows: WaitingCard[] }>(
    `select c.list_id, c.title, l.name as source_name,
            (select d.id from mtn_lists d where d.user_id = l.user_id and ${listNameKeySql('d.name')} = :to
              order by d.position limit 1) as dest_id
       from mtn_cards c join mtn_lists l on l.id = c.list_id
      where c.id = :cardId and l.user_id = :ownerId`,
    { cardId, ownerId, to: input.to },
  );
  const row = found.rows[0];
  const waits = row !== undefined && isReviewList(row.source_name);
  if (!waits) throw conflict(MESSAGES.reviewNotWaiting);
  if (row.dest_id === null) throw conflict(MESSAGES.listNotFound);
  const activityId = input.comment
    ? (await comment(w, { cardId, comment: input.comment }, { publicUrl, notify: false })).activityId
    : null;
  const moved = await moveCard(w, {
    cardId,
    sourceListId: row.list_id,
    destListId: row.dest_id,
    positionOnDestList: 0,
    quote: input.comment ?? null,
  });
  return {
    cardId,
    cardTitle: row.title,
    ownerId,
    actorId: w.actor.id,
    to: input.to,
    sourceListId: row.list_id,
    listId: moved.card.ListId,
    position: moved.card.position,
    activityId,
  };
}
