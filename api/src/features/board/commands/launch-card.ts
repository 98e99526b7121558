import type { Knex } from 'knex';
import { LAUNCH_LIST_NAME, listNameKeySql } from '@shared/board/list-roles';
import {
  DEFAULT_LAUNCH_STEPS,
  LAUNCH_CHECKLIST_TITLE,
  LAUNCH_STEPS_CARD_TITLE,
  launchCardTitle,
} from '@shared/content/launch';
import { MESSAGES } from '@shared/messages';
import { notFound } from '../../../core/errors';
import { publishBoardTouch } from '../read-model/board-event';
import { recordCardCreated } from './history';
import { copyBoard, createDefaultLists } from './template';
import { touched } from './touch';
import { syncCardReminders } from '../reminders';

/**
 * The launch steps admins keep on the Master Template: the checklist items of its card titled
 * "Launch steps" (any case), checklists and items in the order they were added. None: the defaults.
 */
export async function launchSteps(trx: Knex | Knex.Transaction): Promise<string[]> {
  const result = await trx.raw<{ rows: Array<{ title: string }> }>(
    `select i.title from mtn_boards b
       join mtn_lists l on l.user_id = b.user_id
       join mtn_cards c on c.list_id = l.id and lower(btrim(c.title)) = lower(?)
       join mtn_checklists k on k.card_id = c.id
       join mtn_checklist_items i on i.checklist_id = k.id
      where b.is_template
      order by l.position, c.position, k.id, i.id`,
    [LAUNCH_STEPS_CARD_TITLE],
  );
  const steps = result.rows.map((r) => r.title.trim()).filter((t) => t !== '');
  return steps.length > 0 ? steps : [...DEFAULT_LAUNCH_STEPS];
}

/** The member's board inside `trx`: created (a copy of the Master Template) when they never opened it. */
async function ensureMemberBoard(trx: Knex.Transaction, ownerId: number): Promise<void> {
  const inserted = await trx.raw<{ rows: Array<{ id: number }> }>(
    'insert into mtn_boards (user_id, is_template) values (?, false) on conflict do nothing returning id',
    [ownerId],
  );
  if (inserted.rows.length === 0) return;
  const template = await trx('mtn_boards')
    .where({ is_template: true })
    .first<{ user_id: number } | undefined>('user_id');
  if (template && template.user_id !== ownerId) await copyBoard(trx, template.user_id, ownerId);
  else await createDefaultLists(trx, ownerId);
}

/**
 * Adds a card to the end of NOT STARTED on `ownerId`'s board, inside the caller's transaction (so
 * the card is made with the caller's other rows or not at all). The board is created first if the
 * member never opened it, and its row is locked first, as every board write does; the board's live
 * event names the new card (the caller's transaction is no board write). `dueAt` sets the card's due
 * date (`mtn_cards.due_at`, docs/areas/calendar.md). Returns the card id, or null when the board is the Master Template itself (administrators get no card).
 */
export async function createMemberCard(
  trx: Knex.Transaction,
  ownerId: number,
  card: { title: string; description: string; dueAt?: Date | null },
): Promise<number | null> {
  await ensureMemberBoard(trx, ownerId);
  const board = await trx.raw<{ rows: Array<{ is_template: boolean }> }>(
    'select is_template from mtn_boards where user_id = ? for update',
    [ownerId],
  );
  if (!board.rows[0] || board.rows[0].is_template) return null;
  const list = await trx.raw<{ rows: Array<{ id: number; cards: number }> }>(
    `select l.id, (select count(*)::int from mtn_cards c where c.list_id = l.id) as cards
       from mtn_lists l where l.user_id = ? and ${listNameKeySql('l.name')} = ? order by l.position limit 1`,
    [ownerId, LAUNCH_LIST_NAME],
  );
  const target = list.rows[0];
  if (!target) throw notFound(MESSAGES.listNotFound);
  const [row] = await trx('mtn_cards')
    .insert({
      list_id: target.id,
      title: card.title,
      description: card.description,
      position: target.cards,
      due_at: card.dueAt ?? null,
    })
    .returning<Array<{ id: number }>>('id');
  await recordCardCreated(trx, ownerId, row!.id);
  await publishBoardTouch(trx, touched(ownerId, 'card-created', { cards: [row!.id] }));
  if (card.dueAt) await syncCardReminders(trx, [row!.id]);
  return row!.id;
}

/**
 * Adds "Launch: <title>" at the end of NOT STARTED on `ownerId`'s board (`createMemberCard`), with a
 * "Launch steps" checklist of the Master Template's launch steps. Returns the card id, or null when
 * the board is the Master Template itself.
 */
export async function createLaunchCard(trx: Knex.Transaction, ownerId: number, title: string): Promise<number | null> {
  const cardId = await createMemberCard(trx, ownerId, {
    title: launchCardTitle(title),
    description: `Started from the Product Qualifier. Its numbers are in the **Power Profit Tool** under *${title.replace(/[*_`[\]\\]/g, '\\$&')}*.`,
  });
  if (cardId === null) return null;
  const [checklist] = await trx('mtn_checklists')
    .insert({ card_id: cardId, title: LAUNCH_CHECKLIST_TITLE })
    .returning<Array<{ id: number }>>('id');
  const steps = await launchSteps(trx);
  await trx('mtn_checklist_items').insert(
    steps.map((step) => ({ checklist_id: checklist!.id, card_id: cardId, title: step, completed: false })),
  );
  return cardId;
}
