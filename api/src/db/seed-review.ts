import type { Knex } from 'knex';
import { copyBoard } from '../features/board';
import type { AreaSeed } from './seed-types';

/** A card the member sent to their coach, and how long ago (minutes) it entered FOR REVIEW. */
interface WaitingCard {
  title: string;
  description: string;
  waitingMinutes: number;
}

/**
 * The demo members the demo coach coaches, beyond the pre-cutoff premium member (whose board
 * seedBoard makes): two premium community members, each with a board and cards in FOR REVIEW.
 */
const COACHED: Array<{ email: string; templateWaitingMinutes: number; cards: WaitingCard[] }> = [
  {
    email: 'member1@demo.portal',
    templateWaitingMinutes: 9 * 60 + 40,
    cards: [
      {
        title: 'Draft the listing title and bullets',
        description: 'Five bullets, the main keyword in the title. Is the second bullet too long?',
        waitingMinutes: 28 * 60 + 15,
      },
      {
        title: 'Check the supplier’s sample photos',
        description: 'Photos from both suppliers are attached to the chat; which one looks sturdier?',
        waitingMinutes: 42,
      },
    ],
  },
  {
    email: 'member4@demo.portal',
    templateWaitingMinutes: 26 * 60 + 50,
    cards: [
      {
        title: 'Price check against three competitors',
        description: 'Landed cost is $6.10; the three top sellers are at $19.99, $22.50 and $24.00.',
        waitingMinutes: 2 * 24 * 60 + 5 * 60,
      },
    ],
  },
];

/** How long ago the pre-cutoff premium member's template card "Book a review call" entered FOR REVIEW. */
const PREMIUM_WAITING_MINUTES = 3 * 60 + 20;

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** The list ids of a member's board by name. */
async function listIds(trx: Knex.Transaction, userId: number): Promise<Map<string, number>> {
  const rows = await trx('mtn_lists')
    .where({ user_id: userId })
    .select<Array<{ id: number; name: string }>>('id', 'name');
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Puts a card at the end of the member's FOR REVIEW list, as if they had moved it there from IN
 * PROGRESS `waitingMinutes` ago: the move is recorded in the card's history (which is where the
 * review queue reads the waiting time from) and dated then.
 */
async function sendForReview(trx: Knex.Transaction, memberId: number, cardId: number, minutes: number): Promise<void> {
  const lists = await listIds(trx, memberId);
  const from = lists.get('IN PROGRESS')!;
  const to = lists.get('FOR REVIEW')!;
  // The history row a move from IN PROGRESS to FOR REVIEW writes (board/commands/move-card.ts), dated then.
  await trx('mtn_card_events').insert({
    card_id: cardId,
    actor_id: memberId,
    kind: 'moved',
    data: JSON.stringify({ fromListId: from, from: 'IN PROGRESS', toListId: to, to: 'FOR REVIEW' }),
    created_at: ago(minutes),
  });
  await trx('mtn_cards')
    .where({ id: cardId })
    .update({ updated_at: ago(minutes) });
}

/**
 * The cards a member's board got from the Master Template's FOR REVIEW list ("Book a review call
 * with your coach") entered it `minutes` ago. Answers how many there are.
 */
async function dateTemplateCards(trx: Knex.Transaction, memberId: number, minutes: number): Promise<number> {
  const forReview = (await listIds(trx, memberId)).get('FOR REVIEW')!;
  const cards = await trx('mtn_cards').where({ list_id: forReview }).select<Array<{ id: number }>>('id');
  for (const card of cards) await sendForReview(trx, memberId, card.id, minutes);
  return cards.length;
}

/**
 * The coaching demo (docs/areas/review.md#a-members-coach): the demo coach coaches the pre-cutoff premium member and two
 * premium community members, whose boards hold cards waiting in FOR REVIEW for between 42 minutes
 * and two days, so /review and the coach's dashboard have something to show. Runs after seedBoard
 * (the Master Template must exist to copy boards from).
 */
export const seedReview: AreaSeed = async (trx, ctx) => {
  const adminId = ctx.userIdByEmail.get('admin@demo.portal');
  const coachId = ctx.userIdByEmail.get('coach@demo.portal');
  const premiumId = ctx.userIdByEmail.get('premium@demo.portal');
  if (!adminId || !coachId || !premiumId) return;
  const members = await trx('users')
    .whereIn(
      'email',
      COACHED.map((c) => c.email),
    )
    .select<Array<{ id: number; email: string }>>('id', 'email');
  const idOf = new Map(members.map((m) => [m.email, m.id]));

  await trx('users')
    .whereIn('id', [premiumId, ...members.map((m) => m.id)])
    .update({ coach_id: coachId });

  await dateTemplateCards(trx, premiumId, PREMIUM_WAITING_MINUTES);

  for (const member of COACHED) {
    const memberId = idOf.get(member.email);
    if (!memberId) continue;
    await trx('mtn_boards').insert({ user_id: memberId });
    await copyBoard(trx, adminId, memberId);
    const position0 = await dateTemplateCards(trx, memberId, member.templateWaitingMinutes);
    const forReview = (await listIds(trx, memberId)).get('FOR REVIEW')!;
    let position = position0;
    for (const card of member.cards) {
      const [row] = await trx('mtn_cards')
        .insert({ list_id: forReview, title: card.title, description: card.description, position: position++ })
        .returning<Array<{ id: number }>>('id');
      await sendForReview(trx, memberId, row!.id, card.waitingMinutes);
    }
  }
};
