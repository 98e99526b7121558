import type { Knex } from 'knex';

/** The kinds of card history entry (docs/areas/card-history.md); `shared/src/types/board.ts` names them too. */
const KINDS = [
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

/**
 * What happened to a card (created, moved, renamed, ...), written in the transaction
 * of the change (docs/areas/card-history.md). A table of its own rather than rows of mtn_activities: the comment counts kept by
 * triggers on mtn_activities stay comment counts, and the board read (which reads the cards'
 * counts, never this table) does not change. `data` keeps the names as they were (list names,
 * old and new title, item text, file name, label name), so the entry reads the same after a
 * rename or a delete. Read per card when its dialog opens (card_id, created_at), and by the review
 * queue for when a card entered its list.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('mtn_card_events', (t) => {
    t.increments('id').primary();
    t.integer('card_id').notNullable().references('mtn_cards.id').onDelete('CASCADE');
    t.integer('actor_id').references('users.id').onDelete('SET NULL');
    t.text('kind').notNullable();
    t.jsonb('data').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    `ALTER TABLE mtn_card_events ADD CONSTRAINT mtn_card_events_kind_check CHECK (kind IN (${KINDS.map((k) => `'${k}'`).join(', ')}))`,
  );
  await knex.raw('CREATE INDEX mtn_card_events_card_idx ON mtn_card_events (card_id, created_at DESC, id DESC)');
  await knex.raw('CREATE INDEX mtn_card_events_actor_idx ON mtn_card_events (actor_id) WHERE actor_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mtn_card_events');
}
