import type { Knex } from 'knex';
import { MESSAGES } from '@shared/messages';
import type { ReviewQueueQuery, ReviewSendInput } from '@shared/schemas/review';
import { REVIEW_LIST_NAME, type ReviewCard, type ReviewQueueResponse } from '@shared/types/review';
import { conflict } from '../../core/errors';
import { iso } from '../../core/dates';
import { createActivity, moveCard } from '../board';
import { waitingSinceSql } from './waiting';

type Db = Knex | Knex.Transaction;

/** Reserved list names compare without regard to case or surrounding spaces (policies/board.ts). */
const LIST_NAME_SQL = 'upper(btrim(l.name))';

interface QueueRow {
  id: number | null;
  title: string | null;
  owner_id: number | null;
  owner_name: string | null;
  waiting_since: Date | string | null;
  total: number | string;
}

/**
 * The review queue (issue 13 §3): every live card in a FOR REVIEW list of a member's board (not an
 * admin's: that is the Master Template, which nobody reviews), oldest waiting first, one page of
 * it and how many in all, in one statement. `mine`: members whose coach is the actor;
 * `unassigned`: premium members without a coach; `all`: every board a coach may work on.
 */
export async function readReviewQueue(db: Db, actorId: number, query: ReviewQueueQuery): Promise<ReviewQueueResponse> {
  const scope =
    query.scope === 'mine'
      ? 'and u.coach_id = :actor'
      : query.scope === 'unassigned'
        ? "and u.coach_id is null and u.role = 'premium' and not u.is_admin"
        : '';
  const waiting = waitingSinceSql('c');
  const result = await db.raw<{ rows: QueueRow[] }>(
    `with q as (
       select c.id, c.title, u.id as owner_id, u.full_name as owner_name, ${waiting} as waiting_since
         from mtn_lists l
         join users u on u.id = l.user_id
         join mtn_cards c on c.list_id = l.id
        where ${LIST_NAME_SQL} = :listName and u.role <> 'admin' ${scope}
     ), page as (
       select * from q order by waiting_since, id limit :limit offset :offset
     )
     select page.*, t.total
       from (select count(*)::int as total from q) t
       left join page on true
      order by page.waiting_since, page.id`,
    {
      actor: actorId,
      listName: REVIEW_LIST_NAME,
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
    }));
  return { cards, total: Number(rows[0]?.total ?? 0) };
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

interface WaitingRow {
  list_id: number;
  title: string;
  source_name: string;
  dest_id: number | null;
}

/**
 * Sends card `cardId` of the locked board `ownerId` on from FOR REVIEW (issue 13 §3), in the
 * board's transaction: the card is read under the lock (409 when it no longer waits in FOR
 * REVIEW), the optional comment is added, and the card goes to the top of the destination list
 * through the board's own move (same contiguity and 409-on-stale rules as a drag).
 */
export async function sendOn(
  trx: Knex.Transaction,
  ownerId: number,
  cardId: number,
  input: ReviewSendInput,
  actorId: number,
): Promise<SentOn> {
  const found = await trx.raw<{ rows: WaitingRow[] }>(
    `select c.list_id, c.title, l.name as source_name,
            (select d.id from mtn_lists d where d.user_id = l.user_id and upper(btrim(d.name)) = :to
              order by d.position limit 1) as dest_id
       from mtn_cards c join mtn_lists l on l.id = c.list_id
      where c.id = :cardId and l.user_id = :ownerId`,
    { cardId, ownerId, to: input.to },
  );
  const row = found.rows[0];
  const waits = row !== undefined && row.source_name.trim().toUpperCase() === REVIEW_LIST_NAME;
  if (!waits) throw conflict(MESSAGES.reviewNotWaiting);
  if (row.dest_id === null) throw conflict(MESSAGES.listNotFound);
  const activityId = input.comment ? await createActivity(trx, cardId, actorId, input.comment, []) : null;
  const moved = await moveCard(trx, ownerId, {
    cardId,
    sourceListId: row.list_id,
    destListId: row.dest_id,
    positionOnDestList: 0,
  });
  return {
    cardId,
    cardTitle: row.title,
    ownerId,
    actorId,
    to: input.to,
    sourceListId: row.list_id,
    listId: moved.ListId,
    position: moved.position,
    activityId,
  };
}
