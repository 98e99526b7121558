import type { Knex } from 'knex';
import { LAUNCH_STEPS_CARD_TITLE } from '@shared/content/launch';
import { RESERVED_LIST_NAMES } from '@shared/board/list-roles';
import type { Card } from '../../../models';
import type { Db } from '../read-model/queries';
import { record, type BoardWrite } from './board-write';
import { touched, type BoardTouch } from './touch';

/** A board with no template to copy from starts with the reserved lists, in this order. */
export const DEFAULT_LISTS: readonly string[] = RESERVED_LIST_NAMES;

/** A template card as the copy reads it (a live card: its list and position are set). */
type TemplateCard = Pick<Card, 'id' | 'title' | 'description' | 'cover_photo_url'> & {
  list_id: number;
  position: number;
};

/** Takes `n` ids from a serial column's sequence, so copied rows can reference each other. */
async function nextIds(trx: Db, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const res = await trx.raw<{ rows: Array<{ id: number }> }>(
    `select nextval(pg_get_serial_sequence(?, 'id'))::int as id from generate_series(1, ?)`,
    [table, n],
  );
  return res.rows.map((r) => r.id);
}

async function insertAll(trx: Db, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await trx(table).insert(rows.slice(i, i + 1000));
}

/**
 * Copies the board of `fromUserId` (lists, cards with descriptions and covers, checklists with
 * items, attachments, and labels by colour) onto `toUserId`'s empty board. Comments stay behind.
 * A fixed number of statements whatever the template's size. Returns the number of lists made.
 */
export async function copyBoard(trx: Knex.Transaction, fromUserId: number, toUserId: number): Promise<number> {
  const lists = await trx('mtn_lists')
    .where({ user_id: fromUserId })
    .orderBy('position')
    .select<Array<{ id: number; name: string; position: number }>>('id', 'name', 'position');
  if (lists.length === 0) return createDefaultLists(trx, toUserId);
  // The template's "Launch steps" card stays on the template: the other cards close up
  // (docs/areas/board.md, "First read creates the board").
  const cards = await trx.raw<{ rows: TemplateCard[] }>(
    `select c.id, c.list_id, c.title, c.description, c.cover_photo_url,
            (row_number() over (partition by c.list_id order by c.position) - 1)::int as position
       from mtn_cards c join mtn_lists l on l.id = c.list_id
      where l.user_id = ? and lower(btrim(c.title)) <> lower(?) order by c.id`,
    [fromUserId, LAUNCH_STEPS_CARD_TITLE],
  );
  const cardIds = cards.rows.map((c) => c.id);
  // One statement at a time: a transaction is one connection, and pg (9 and later) refuses a
  // query sent while another is still running on it.
  const checklists = await trx('mtn_checklists')
    .whereIn('card_id', cardIds)
    .orderBy('id')
    .select<Array<{ id: number; card_id: number; title: string }>>('id', 'card_id', 'title');
  const items = await trx.raw<{
    rows: Array<{ checklist_id: number; card_id: number; title: string; completed: boolean }>;
  }>(
    'select checklist_id, card_id, title, completed from mtn_checklist_items where card_id = any(?::int[]) order by id',
    [cardIds],
  );
  const attachments = await trx('mtn_attachments')
    .whereIn('card_id', cardIds)
    .orderBy('id')
    .select<Array<{ card_id: number; file_url: string; file_name: string }>>('card_id', 'file_url', 'file_name');
  const labels = await trx.raw<{ rows: Array<{ card_id: number; name: string; color: string }> }>(
    `select cl.card_id, lb.name, lb.color from mtn_card_labels cl join mtn_labels lb on lb.id = cl.label_id
      where cl.card_id = any(?::int[])`,
    [cardIds],
  );

  const listIds = await nextIds(trx, 'mtn_lists', lists.length);
  const newCardIds = await nextIds(trx, 'mtn_cards', cards.rows.length);
  const checklistIds = await nextIds(trx, 'mtn_checklists', checklists.length);
  const listMap = new Map(lists.map((l, i) => [l.id, listIds[i]!]));
  const cardMap = new Map(cards.rows.map((c, i) => [c.id, newCardIds[i]!]));
  const checklistMap = new Map(checklists.map((c, i) => [c.id, checklistIds[i]!]));

  await insertAll(
    trx,
    'mtn_lists',
    lists.map((l) => ({ id: listMap.get(l.id), user_id: toUserId, name: l.name, position: l.position })),
  );
  await insertAll(
    trx,
    'mtn_cards',
    cards.rows.map((c) => ({
      id: cardMap.get(c.id),
      list_id: listMap.get(c.list_id),
      title: c.title,
      description: c.description,
      position: c.position,
      cover_photo_url: c.cover_photo_url,
    })),
  );
  await insertAll(
    trx,
    'mtn_checklists',
    checklists.map((c) => ({ id: checklistMap.get(c.id), card_id: cardMap.get(c.card_id), title: c.title })),
  );
  await insertAll(
    trx,
    'mtn_checklist_items',
    items.rows.map((i) => ({
      checklist_id: checklistMap.get(i.checklist_id),
      card_id: cardMap.get(i.card_id),
      title: i.title,
      completed: i.completed,
    })),
  );
  await insertAll(
    trx,
    'mtn_attachments',
    attachments.map((a) => ({ card_id: cardMap.get(a.card_id), file_url: a.file_url, file_name: a.file_name })),
  );

  if (labels.rows.length > 0) {
    // The member keeps their own labels; a template label's colour maps to the member's label of
    // that colour, created (with the template's name) when the member has none.
    const byColor = new Map(labels.rows.map((l) => [l.color, l.name]));
    await trx.raw(
      `insert into mtn_labels (user_id, name, color)
       select ?, x.name, x.color from unnest(?::text[], ?::text[]) as x(name, color)
       on conflict (user_id, color) do nothing`,
      [toUserId, [...byColor.values()], [...byColor.keys()]],
    );
    const own = await trx('mtn_labels')
      .where({ user_id: toUserId })
      .select<Array<{ id: number; color: string }>>('id', 'color');
    const labelByColor = new Map(own.map((l) => [l.color, l.id]));
    await insertAll(
      trx,
      'mtn_card_labels',
      labels.rows.map((l) => ({ card_id: cardMap.get(l.card_id), label_id: labelByColor.get(l.color) })),
    );
  }
  return lists.length;
}

export async function createDefaultLists(trx: Db, userId: number): Promise<number> {
  await trx('mtn_lists').insert(DEFAULT_LISTS.map((name, position) => ({ user_id: userId, name, position })));
  return DEFAULT_LISTS.length;
}

/**
 * Creates `ownerId`'s board when it does not exist yet: the Master Template (an admin's board)
 * starts with the reserved lists, a member's board is a copy of the template. Safe under
 * concurrency: the board row is inserted first (ON CONFLICT DO NOTHING), whoever inserts it fills it.
 */
export async function ensureBoard(knex: Knex, ownerId: number, asTemplate: boolean): Promise<void> {
  await knex.transaction(async (trx) => {
    const inserted = await trx.raw<{ rows: Array<{ id: number }> }>(
      'insert into mtn_boards (user_id, is_template) values (?, ?) on conflict do nothing returning id',
      [ownerId, asTemplate],
    );
    if (inserted.rows.length === 0) {
      // Either the board exists (fine) or another admin's board became the template meanwhile:
      // then this admin gets an ordinary board row so the request can go on.
      if (asTemplate) {
        const made = await trx.raw<{ rows: Array<{ id: number }> }>(
          'insert into mtn_boards (user_id, is_template) values (?, false) on conflict do nothing returning id',
          [ownerId],
        );
        if (made.rows.length > 0) await fillFromTemplate(trx, ownerId);
      }
      return;
    }
    if (asTemplate) await createDefaultLists(trx, ownerId);
    else await fillFromTemplate(trx, ownerId);
  });
}

async function fillFromTemplate(trx: Knex.Transaction, ownerId: number): Promise<void> {
  const template = await trx('mtn_boards')
    .where({ is_template: true })
    .first<{ user_id: number } | undefined>('user_id');
  if (template && template.user_id !== ownerId) await copyBoard(trx, template.user_id, ownerId);
  else await createDefaultLists(trx, ownerId);
}

/**
 * 'Reset board': in the board write, the member's lists (with their cards and everything on them)
 * are replaced by a fresh copy of the Master Template. The member's labels stay. Viewers read the
 * board again.
 */
export async function resetBoard(w: BoardWrite): Promise<BoardTouch> {
  await w.trx('mtn_lists').where({ user_id: w.ownerId }).del();
  await fillFromTemplate(w.trx, w.ownerId);
  return record(w, touched(w.ownerId, 'board-reset', { reset: true }));
}
