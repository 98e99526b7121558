import type { Knex } from 'knex';
import { listNameKeySql, REVIEW_LIST_NAME } from '@shared/board/list-roles';
import { MESSAGES } from '@shared/messages';
import { badRequest, conflict, notFound } from '../../../core/errors';
import { LIVE_CHANNEL } from '../../../core/live-events';
import { enqueueSql, nudgeAfterCommit } from '../../../core/queue';
import { notificationMailJobsSelect, quoteOf } from '../../notifications';
import type { Card } from '../../../models';
import { cardJson, isoSql, isReviewListSql, reviewSinceSql } from '../read-model/board-event';
import { boardWriteError, lockBoardRow, record, type BoardActor, type BoardWrite } from './board-write';
import { syncCardReminders } from '../reminders';
import { touched, type BoardTouch } from './touch';

/**
 * The card move, the one implementation of it (docs/areas/board.md, "Moves"): one SQL statement
 * that locks the board's row, checks the move, shifts and moves the cards, writes the card's
 * history row, the notification of a move into or out of FOR REVIEW (list roles:
 * shared/src/board/list-roles.ts) and its mail job, and, when the move is its own transaction, the
 * live events (the notification's and the board's patch) with their pg_notify. POST /card/move and
 * the review queue's send both call `moveCard`.
 *
 * Run on its own (POST /card/move) the statement is its own transaction: with the session and the
 * policy, four round trips. Why the lock is then taken without waiting: a statement sees the
 * database as it was when it started. Had it waited for another writer's lock, what it read
 * (positions, counts) would be older than that writer's commit. So it takes the board's row FOR
 * UPDATE SKIP LOCKED and also compares the board's version it sees with the locked row's newest
 * version: when the row is held, or changed since the statement started, it writes nothing and
 * answers 'busy', and the move runs again in a transaction that waits for the lock first (BEGIN,
 * lock, this statement, COMMIT), where the statement starts after the lock and sees every earlier
 * commit.
 *
 * Run in a board write (the review queue's send), the board's row is already this transaction's,
 * so the statement never finds it busy; the board's patch is then left to the board write, which
 * announces everything its commands touched in one event at its end.
 */

type Status = 'ok' | 'busy' | 'list-not-found' | 'other-board' | 'card-not-found' | 'stale';

/** The move statement's answer: how it went, where the card now is, how many mail jobs it queued. */
type MoveAnswer = {
  status: Status;
  list_id: Card['list_id'];
  position: Card['position'];
  mail_jobs: number;
  /** The card has a due date and changed lists: its reminders may start or end (COMPLETED). */
  due_moved: boolean;
};

export interface MoveCardInput {
  cardId: number;
  sourceListId: number;
  destListId: number;
  positionOnDestList: number;
  /**
   * The comment that came with the move (the review queue's send): the notification quotes it
   * (notifications/service.ts quoteOf).
   */
  quote?: string | null;
}

export interface MovedCard {
  id: number;
  ListId: number;
  position: number;
}

/** `{actor}`, `{card}` and `{list}` of a message, as format() arguments 1, 2 and 3 (one pass, like fillMessage). */
const FORMAT_ARGS = ['actor', 'card', 'list'];
export function messageFormat(template: string): string {
  return template
    .replace(/%/g, '%%')
    .replace(/\{(\w+)\}/g, (whole, name: string) =>
      FORMAT_ARGS.includes(name) ? `%${FORMAT_ARGS.indexOf(name) + 1}$s` : whole,
    );
}

/** A list name that is FOR REVIEW (the list role of shared/src/board/list-roles.ts; args.review_list is its name). */
const isReview = (name: string) => `${listNameKeySql(name)} = a.review_list`;

const MOVE_SQL = `
with
-- The request (the only bindings): the board's owner, the card, the lists, the wanted place, the
-- actor, the two notification texts as format() strings and the quote of the comment sent with it.
args as (
  select ?::int as owner_id, ?::int as card_id, ?::int as source_id, ?::int as dest_id, ?::int as wanted,
         ?::int as actor_id, ?::text as actor_name, ?::text as actor_role,
         ?::text as for_review_format, ?::text as review_done_format, ?::text as review_list,
         ?::boolean as publish_board, ?::text as quote),

-- The board's row, locked first like every board write, without waiting (see above).
board as (
  select b.version from mtn_boards b join args a on b.user_id = a.owner_id
     for update of b skip locked),

-- Whether this statement's view is the locked board's: the version it sees is the newest one.
fresh as (
  select coalesce((select version from board) =
                  (select b.version from mtn_boards b join args a on b.user_id = a.owner_id), false) as ok),

-- The two lists with their card counts, and the card, as this statement sees them.
lists as (
  select l.id, l.user_id, l.name, (select count(*)::int from mtn_cards c where c.list_id = l.id) as card_count
    from mtn_lists l join args a on l.id in (a.source_id, a.dest_id)),
card as (
  select c.id, c.list_id, c.position, c.title from mtn_cards c join args a on c.id = a.card_id),

-- The verdict (404 list, 400 other board, 404 card, 409 stale), and the move it allows: where the
-- card goes (the wanted place clamped into the list, as clampPosition does) and whether it enters or leaves FOR REVIEW.
plan as (
  select case
           when not f.ok then 'busy'
           when s.id is null or d.id is null then 'list-not-found'
           when s.user_id <> a.owner_id or d.user_id <> a.owner_id then 'other-board'
           when k.id is null then 'card-not-found'
           when k.list_id is distinct from s.id then 'stale'
           else 'ok'
         end as status,
         a.card_id, a.source_id, a.dest_id, s.id = d.id as same_list, k.position as from_pos,
         greatest(0, least(a.wanted, case when s.id = d.id then s.card_count - 1 else d.card_count end)) as to_pos,
         k.title as card_title, s.name as from_name, d.name as to_name,
         ${isReview('d.name')} and not ${isReview('s.name')} as into_review,
         ${isReview('s.name')} and not ${isReview('d.name')} as out_of_review
    from args a
   cross join fresh f
    left join lists s on s.id = a.source_id
    left join lists d on d.id = a.dest_id
    left join card k on true),

-- The move, one set-based UPDATE (positions stay 0..n-1): within a list, the cards between the
-- old and new place shift by one; across lists, the gap closes in one and opens in the other.
moved as (
  update mtn_cards c set
         list_id = case when c.id = p.card_id then p.dest_id else c.list_id end,
         position = case
                      when c.id = p.card_id then p.to_pos
                      when p.same_list then c.position + case when p.from_pos < p.to_pos then -1 else 1 end
                      when c.list_id = p.source_id then c.position - 1
                      else c.position + 1
                    end,
         updated_at = case when c.id = p.card_id and not p.same_list then now() else c.updated_at end
    from plan p
   where p.status = 'ok'
     and c.list_id in (p.source_id, p.dest_id)
     and case when p.same_list
              then p.from_pos <> p.to_pos
                   and c.position between least(p.from_pos, p.to_pos) and greatest(p.from_pos, p.to_pos)
              else c.id = p.card_id
                   or (c.list_id = p.source_id and c.position > p.from_pos)
                   or (c.list_id = p.dest_id and c.position >= p.to_pos)
         end
  returning c.id, c.list_id, c.position),

-- The card after the move, with the columns the board read presents (cardJson), its list's name
-- and whether it has just entered that list (its reviewSince is then now(), the history row's time).
after as (
  select c.id, c.title, coalesce(m.list_id, c.list_id) as list_id, coalesce(m.position, c.position) as position,
         c.cover_photo_url, c.due_at, c.description, c.attachments_count, c.items_total, c.items_done, c.activities_count,
         c.updated_at, p.to_name as list_name, not p.same_list as entered_now
    from mtn_cards c join plan p on p.status = 'ok' and c.id = p.card_id
    left join moved m on m.id = c.id),

-- The card's history: one 'moved' row when it changed lists (its text: presenters/history.ts).
history as (
  insert into mtn_card_events (card_id, actor_id, kind, data)
  select p.card_id, a.actor_id, 'moved',
         jsonb_build_object('fromListId', p.source_id, 'from', p.from_name, 'toListId', p.dest_id, 'to', p.to_name)
    from plan p cross join args a
   where p.status = 'ok' and not p.same_list),

-- Who hears of it: into FOR REVIEW, the owner's coach; out of FOR REVIEW by a
-- coach or an admin, the owner; never the actor.
notified as (
  insert into notifications (user_id, type, actor_id, card_id, board_owner_id, text, quote)
  select r.user_id, r.type, a.actor_id, a.card_id, a.owner_id,
         format(r.text_format, a.actor_name, p.card_title, p.to_name), a.quote
    from plan p
   cross join args a
    join users o on o.id = a.owner_id
   cross join lateral (
         select case when p.into_review then o.coach_id else a.owner_id end as user_id,
                case when p.into_review then 'for_review' else 'review_done' end as type,
                case when p.into_review then a.for_review_format else a.review_done_format end as text_format) r
   where p.status = 'ok'
     and ((p.into_review and o.coach_id is not null)
          or (p.out_of_review and a.actor_role in ('coach', 'admin')))
     and r.user_id <> a.actor_id
  returning id, user_id, type, actor_id, card_id, board_owner_id, text, quote, created_at),

-- Their mails (notifications/mail.ts): a job of the mail queue for each notification whose
-- recipient chose "in the app and by email", committed with the move (docs/areas/jobs.md).
mailed as (
  ${enqueueSql('mail', notificationMailJobsSelect('notified'))}),

-- The live events, in the order a board write publishes them: each notification to its recipient
-- (as the inbox presents it, notifications/presenter.ts), then, when the move is its own
-- transaction, the board's patch (read-model/board-event.ts) with the version the move leaves: one
-- more when cards changed (the triggers bump it once per statement that changes cards).
events as (
  insert into live_events (topic, key, type, payload)
  select e.topic, e.key, e.type, e.payload
    from (
      select 1 as batch, n.id as sub, 'user' as topic, n.user_id as key, 'notification' as type,
             jsonb_build_object(
               'id', n.id, 'type', n.type, 'text', n.text, 'quote', n.quote, 'readAt', null, 'createdAt', ${isoSql('n.created_at')},
               'actor', jsonb_build_object('id', n.actor_id, 'fullName', coalesce(u.full_name, '')),
               'card', jsonb_build_object('id', n.card_id, 'title', p.card_title, 'ownerId', n.board_owner_id),
               'post', null) as payload
        from notified n cross join plan p left join users u on u.id = n.actor_id
      union all
      select 2, 0, 'board', a.owner_id, 'board',
             jsonb_build_object(
               'ownerId', a.owner_id,
               'version', (select version from board) + (case when exists (select 1 from moved) then 1 else 0 end),
               'change', jsonb_build_object(
                 'kind', 'patch',
                 'cards', (select jsonb_agg(${cardJson(reviewSinceSql(isReviewListSql('c.list_name'), 'c.entered_now'))}) from after c),
                 'removedCardIds', '[]'::jsonb, 'lists', '[]'::jsonb, 'removedListIds', '[]'::jsonb))
        from plan p cross join args a
       where p.status = 'ok' and a.publish_board
    ) e
   order by e.batch, e.sub
  returning id),

-- Each event announced on commit (core/live-events.ts publishSql).
announced as (
  select count(pg_notify('${LIVE_CHANNEL}', e.id::text)) as n from events e)

-- The answer: the verdict, the card's place, and how many mail jobs it wrote.
select p.status, p.dest_id as list_id, p.to_pos as position,
       (select count(*) from mailed)::int as mail_jobs,
       (select n from announced) as announced,
       coalesce((select c.due_at is not null from after c), false) and not coalesce(p.same_list, true) as due_moved
  from plan p`;

async function runMove(db: Knex | Knex.Transaction, bindings: readonly Knex.RawBinding[]): Promise<MoveAnswer> {
  // A named statement: on PostgreSQL each connection plans it once and then reuses a generic plan
  // (planning the statement costs about 1.4 ms, a cached plan 0.03 ms); PGlite ignores the name.
  const result = await db.raw<{ rows: MoveAnswer[] }>(MOVE_SQL, bindings).options({ name: 'board_card_move' });
  return result.rows[0]!;
}

/** Where a move runs: in a board write (its transaction holds the board), or on its own. */
export type MoveTarget = BoardWrite | { knex: Knex; ownerId: number; actor: BoardActor };

export interface CardMove {
  card: MovedCard;
  /** What the move touched: the card (already announced when the move was its own transaction). */
  touch: BoardTouch;
}

/**
 * Moves card `cardId` of the target's board (the policy has checked the actor may work on it) from
 * `sourceListId` to `positionOnDestList` of `destListId`: 404 for an unknown list or card, 400 for
 * a list of another board, 409 when the card is no longer in `sourceListId` (the client's board is
 * stale) or positions conflict. The mail workers are woken once the move commits.
 */
export async function moveCard(target: MoveTarget, input: MoveCardInput): Promise<CardMove> {
  const alone = !('trx' in target);
  const bindings: Knex.RawBinding[] = [
    target.ownerId,
    input.cardId,
    input.sourceListId,
    input.destListId,
    input.positionOnDestList,
    target.actor.id,
    target.actor.fullName,
    target.actor.role,
    messageFormat(MESSAGES.notificationForReview),
    messageFormat(MESSAGES.notificationReviewDone),
    REVIEW_LIST_NAME,
    alone,
    quoteOf(input.quote),
  ];
  let row: MoveAnswer;
  if (alone) {
    try {
      row = await runMove(target.knex, bindings);
      if (row.status === 'busy') {
        // Another writer holds the board (or committed since the statement began): queue behind it.
        row = await target.knex.transaction(async (trx) => {
          await lockBoardRow(trx, target.ownerId);
          return runMove(trx, bindings);
        });
      }
    } catch (err) {
      throw boardWriteError(err);
    }
  } else {
    row = await runMove(target.trx, bindings);
  }
  switch (row.status) {
    case 'ok': {
      if (Number(row.mail_jobs) > 0) nudgeAfterCommit(alone ? target.knex : target.trx, 'mail');
      // A dated card into or out of COMPLETED: its reminders follow (a board write does it at its end).
      // Alone, after the move's own statement: a card without a due date costs no round trip.
      if (alone && row.due_moved) await syncCardReminders(target.knex, [input.cardId]);
      const card = { id: input.cardId, ListId: row.list_id!, position: row.position! };
      const touch = touched(target.ownerId, 'card-moved', { cards: [card.id], announced: alone });
      return { card, touch: alone ? touch : record(target, touch) };
    }
    case 'list-not-found':
      throw notFound(MESSAGES.listNotFound);
    case 'other-board':
      throw badRequest('Cards move only between lists of one board', { destListId: 'Choose a list of the same board' });
    case 'card-not-found':
      throw notFound(MESSAGES.cardNotFound);
    default:
      // 'stale', or 'busy' under the lock (which cannot happen): the client's board is out of date.
      throw conflict(MESSAGES.boardChanged);
  }
}
