import type { Knex } from 'knex';
import { MAX_LABELS } from '@shared/limits';
import { LABEL_COLORS } from '@shared/types/board';
import { publishBoardTouch } from '../read-model/board-event';
import { syncCardReminders } from '../reminders';
import { recordCardCreated } from './history';
import { touched } from './touch';

/** A card another feature plans onto a member's board (a recurring card, a playbook's card). */
export interface PlannedCard {
  title: string;
  description: string;
  checklist: readonly string[];
  labels?: readonly string[];
  dueAt: Date | null;
}

/**
 * Adds `cards` at the end of the first list of `ownerId`'s board, inside the caller's transaction
 * (docs/areas/playbooks.md): the board's row locked first, as every board write does; each card with
 * its history row, its checklist ("Checklist") and its labels (the board's label of that name, any
 * case, else a new one in a free colour while the board has fewer than MAX_LABELS; else none), its
 * due date and reminders; one live event for the board. Returns the new card ids, or null when the
 * owner has no board yet (or it is the Master Template): the caller counts them as skipped.
 */
export async function addPlannedCards(
  trx: Knex.Transaction,
  ownerId: number,
  actorId: number,
  cards: readonly PlannedCard[],
): Promise<number[] | null> {
  const board = await trx.raw<{ rows: Array<{ is_template: boolean }> }>(
    'select is_template from mtn_boards where user_id = ? for update',
    [ownerId],
  );
  if (!board.rows[0] || board.rows[0].is_template) return null;
  const list = await trx.raw<{ rows: Array<{ id: number; cards: number }> }>(
    `select l.id, (select count(*)::int from mtn_cards c where c.list_id = l.id) as cards
       from mtn_lists l where l.user_id = ? order by l.position limit 1`,
    [ownerId],
  );
  const first = list.rows[0];
  if (!first) return null;
  const labelIds = await labelsByName(
    trx,
    ownerId,
    cards.flatMap((c) => c.labels ?? []),
  );
  const ids: number[] = [];
  for (const [i, card] of cards.entries()) {
    const [row] = await trx('mtn_cards')
      .insert({
        list_id: first.id,
        title: card.title,
        description: card.description,
        position: first.cards + i,
        due_at: card.dueAt,
      })
      .returning<Array<{ id: number }>>('id');
    const cardId = row!.id;
    ids.push(cardId);
    await recordCardCreated(trx, actorId, cardId);
    if (card.checklist.length > 0) {
      const [checklist] = await trx('mtn_checklists')
        .insert({ card_id: cardId, title: 'Checklist' })
        .returning<Array<{ id: number }>>('id');
      await trx('mtn_checklist_items').insert(
        card.checklist.map((title) => ({ checklist_id: checklist!.id, card_id: cardId, title, completed: false })),
      );
    }
    const mine = [...new Set((card.labels ?? []).map((l) => labelIds.get(l.trim().toLowerCase())))].filter(
      (x): x is number => x !== undefined,
    );
    if (mine.length > 0) await trx('mtn_card_labels').insert(mine.map((label_id) => ({ card_id: cardId, label_id })));
  }
  await publishBoardTouch(trx, touched(ownerId, 'card-created', { cards: ids, reset: labelIds.size > 0 }));
  await syncCardReminders(
    trx,
    ids.filter((_, i) => cards[i]!.dueAt !== null),
  );
  return ids;
}

/** The board's labels for `names` (lower-cased keys), made where missing while colours and room last. */
async function labelsByName(
  trx: Knex.Transaction,
  ownerId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  // The first spelling of each name names a new label.
  const firstSpelling = new Map<string, string>();
  for (const n of names)
    if (!firstSpelling.has(n.trim().toLowerCase())) firstSpelling.set(n.trim().toLowerCase(), n.trim());
  const wanted = [...firstSpelling.entries()].filter(([k]) => k !== '');
  const out = new Map<string, number>();
  if (wanted.length === 0) return out;
  const existing = await trx('mtn_labels')
    .where({ user_id: ownerId })
    .select<Array<{ id: number; name: string; color: string }>>('id', 'name', 'color');
  for (const l of existing) out.set(l.name.trim().toLowerCase(), l.id);
  const used = new Set(existing.map((l) => l.color));
  let count = existing.length;
  for (const [key, name] of wanted) {
    if (out.has(key)) continue;
    const color = LABEL_COLORS.find((c) => !used.has(c));
    if (!color || count >= MAX_LABELS) continue;
    const [row] = await trx('mtn_labels')
      .insert({ user_id: ownerId, name, color })
      .returning<Array<{ id: number }>>('id');
    used.add(color);
    count += 1;
    out.set(key, row!.id);
  }
  return out;
}
