import type { Knex } from 'knex';

/**
 * A card's history records due-date changes (docs/areas/card-history.md): the kind 'due_changed'
 * joins the check on mtn_card_events.kind. `data.to` is the new due date (ISO 8601), absent when
 * it was removed.
 */
const BEFORE = [
  'created',
  'moved',
  'renamed',
  'described',
  'item_completed',
  'item_reopened',
  'attachment_added',
  'attachment_removed',
  'label_added',
  'label_removed',
  'archived',
  'restored',
];
const AFTER = [...BEFORE, 'due_changed'];

const check = (kinds: string[]) =>
  `ALTER TABLE mtn_card_events ADD CONSTRAINT mtn_card_events_kind_check CHECK (kind IN (${kinds.map((k) => `'${k}'`).join(', ')}))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE mtn_card_events DROP CONSTRAINT mtn_card_events_kind_check');
  await knex.raw(check(AFTER));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM mtn_card_events WHERE kind = 'due_changed'`);
  await knex.raw('ALTER TABLE mtn_card_events DROP CONSTRAINT mtn_card_events_kind_check');
  await knex.raw(check(BEFORE));
}
