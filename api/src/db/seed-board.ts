import type { Knex } from 'knex';
import { DEFAULT_LAUNCH_STEPS, LAUNCH_STEPS_CARD_TITLE } from '@shared/content/launch';
import { RESERVED_LIST_NAMES, type LabelColor } from '@shared/types/board';
import { copyBoard } from '../features/board';
import type { AreaSeed } from './seed-types';

interface SeedCard {
  title: string;
  description?: string;
  labels?: LabelColor[];
  checklist?: { title: string; items: Array<[string, boolean]> };
}

/** The Master Template's cards per list: what every member's board starts with. */
const TEMPLATE: Partial<Record<(typeof RESERVED_LIST_NAMES)[number], SeedCard[]>> = {
  'NOT STARTED': [
    {
      title: 'Pick your product niche',
      description: 'Shortlist **three** niches, then check each one with the *Product Qualifier Tool*.',
      labels: ['blue-200'],
      checklist: {
        title: 'Niche research',
        items: [
          ['Shortlist three niches', false],
          ['Run each through the Product Qualifier Tool', false],
          ['Choose one niche', false],
        ],
      },
    },
    {
      title: 'Set your 90-day revenue goal',
      description: 'Write the number down and the date you will hit it.',
      labels: ['red-200'],
    },
  ],
  'IN PROGRESS': [{ title: 'Finish the seller foundations course', labels: ['blue-200'] }],
  'FOR REVIEW': [
    {
      title: 'Book a review call with your coach',
      description: 'Mention your coach in a comment when a card is ready.',
    },
  ],
  COMPLETED: [{ title: 'Join the community group' }],
  'FUTURE ACTIONS': [
    { title: 'Plan your second product' },
    {
      // Stays on the Master Template (not copied to members): its items are the launch steps.
      title: LAUNCH_STEPS_CARD_TITLE,
      description:
        'The checklist items of this card are the launch steps of every product a member starts from the Product Qualifier. Edit them here; this card is not copied onto members’ boards.',
      checklist: { title: 'Launch steps', items: DEFAULT_LAUNCH_STEPS.map((step): [string, boolean] => [step, false]) },
    },
  ],
  'PERSONAL NOTES': [{ title: 'Ideas and notes', description: '- Keep anything worth remembering here.' }],
};

/** Cards the pre-cutoff premium demo member added: every status list holds some. */
const MEMBER_EXTRA: Partial<Record<(typeof RESERVED_LIST_NAMES)[number], SeedCard[]>> = {
  'IN PROGRESS': [
    {
      title: 'Calculate landed cost in the Power Profit Tool',
      labels: ['red-200'],
      checklist: {
        title: 'Costs',
        items: [
          ['Unit cost', true],
          ['Shipping', true],
          ['Amazon fees', false],
        ],
      },
    },
  ],
  'ON HOLD': [{ title: 'Order samples from two suppliers', description: 'Waiting for quotes.' }],
  COMPLETED: [{ title: 'Create the seller account' }, { title: 'Watch module 1' }],
};

async function addCards(trx: Knex.Transaction, userId: number, cards: typeof TEMPLATE): Promise<number[]> {
  const lists = await trx('mtn_lists')
    .where({ user_id: userId })
    .select<Array<{ id: number; name: string }>>('id', 'name');
  const labels = new Map(
    (
      await trx('mtn_labels').where({ user_id: userId }).select<Array<{ id: number; color: string }>>('id', 'color')
    ).map((l) => [l.color, l.id]),
  );
  const created: number[] = [];
  for (const list of lists) {
    const extra = cards[list.name as keyof typeof cards] ?? [];
    const count = await trx('mtn_cards').where({ list_id: list.id }).count<Array<{ n: number }>>('* as n').first();
    let position = Number(count?.n ?? 0);
    for (const card of extra) {
      const [row] = await trx('mtn_cards')
        .insert({ list_id: list.id, title: card.title, description: card.description ?? '', position: position++ })
        .returning<Array<{ id: number }>>('id');
      created.push(row!.id);
      for (const color of card.labels ?? []) {
        const labelId = labels.get(color);
        if (labelId) await trx('mtn_card_labels').insert({ card_id: row!.id, label_id: labelId });
      }
      if (card.checklist) {
        const [cl] = await trx('mtn_checklists')
          .insert({ card_id: row!.id, title: card.checklist.title })
          .returning<Array<{ id: number }>>('id');
        await trx('mtn_checklist_items').insert(
          card.checklist.items.map(([title, completed]) => ({
            checklist_id: cl!.id,
            card_id: row!.id,
            title,
            completed,
          })),
        );
      }
    }
  }
  return created;
}

/**
 * Move the Needle demo: the Master Template on the admin's board, and a board for the premium
 * member who joined before the cutoff with cards in every status and a comment mentioning the coach.
 * (The premium member who joined after the cutoff has no board: they see the calendar card.)
 */
export const seedBoard: AreaSeed = async (trx, ctx) => {
  const adminId = ctx.userIdByEmail.get('admin@demo.portal');
  const memberId = ctx.userIdByEmail.get('premium@demo.portal');
  const coachId = ctx.userIdByEmail.get('coach@demo.portal');
  if (!adminId) return;
  await trx('mtn_boards').insert({ user_id: adminId, is_template: true });
  await trx('mtn_lists').insert(RESERVED_LIST_NAMES.map((name, position) => ({ user_id: adminId, name, position })));
  await trx('mtn_labels').insert([
    { user_id: adminId, name: 'Priority', color: 'red-200' },
    { user_id: adminId, name: 'Research', color: 'blue-200' },
  ]);
  await addCards(trx, adminId, TEMPLATE);
  if (!memberId) return;
  await trx('mtn_boards').insert({ user_id: memberId });
  await copyBoard(trx, adminId, memberId);
  const [first] = await addCards(trx, memberId, MEMBER_EXTRA);
  if (first && coachId) {
    const [activity] = await trx('mtn_activities')
      .insert({ card_id: first, user_id: memberId, comment: 'Here are my numbers so far. Could you take a look?' })
      .returning<Array<{ id: number }>>('id');
    await trx('mtn_activity_mentions').insert({ activity_id: activity!.id, user_id: coachId });
  }
};
