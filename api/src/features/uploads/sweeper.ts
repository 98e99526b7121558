import type { Knex } from 'knex';
import type { Storage } from '../../adapters/storage';
import { UNREFERENCED_UPLOAD_TTL_HOURS } from './limits';

/**
 * Every column that can hold the URL of an upload, as the whole value (photo, cover, attachment)
 * or inside text (a lesson image pasted into markdown, a link in a comment or a banner), relative
 * (`/uploads/{key}`) or absolute (`PUBLIC_URL/uploads/{key}`, an S3 URL). An upload whose key
 * appears in none of them is unreferenced.
 */
export const UPLOAD_REFERENCE_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  ['users', 'photo_url'],
  ['courses', 'cover_photo_url'],
  ['courses', 'description'],
  ['lessons', 'content'],
  ['mtn_cards', 'cover_photo_url'],
  ['mtn_cards', 'description'],
  ['mtn_attachments', 'file_url'],
  ['mtn_activities', 'comment'],
  ['resources', 'cover_photo_url'],
  ['resources', 'description'],
  ['resources', 'content'],
  ['resources', 'url'],
  ['dashboard_banners', 'content'],
  ['dashboard_banners', 'button_url'],
  ['products', 'description'],
  // A portal setting's link may point at an uploaded file (a guide behind Support, say).
  ['portal_settings', 'value'],
  // Community posts and comments are markdown that may carry uploaded images (docs/areas/community.md).
  ['community_posts', 'body'],
  ['community_comments', 'body'],
];

/**
 * The text columns that never hold an upload URL (names, titles, codes, secrets, logs; the
 * banner video must be YouTube or Vimeo; a purchase URL a store). A test checks that these two
 * lists cover every text column of the schema, so a new column has to be placed in one of them.
 */
export const NOT_UPLOAD_REFERENCE_COLUMNS: ReadonlyArray<readonly [table: string, column: string]> = [
  // Analytics events carry whitelisted ids, paths and enums only (docs/areas/insights.md), never a link.
  ['analytics_active_day_counts', 'role'],
  ['analytics_active_days', 'role'],
  ['analytics_active_week_counts', 'role'],
  ['analytics_active_weeks', 'role'],
  ['analytics_daily', 'name'],
  ['analytics_daily', 'role'],
  ['analytics_events', 'name'],
  ['analytics_events', 'props'],
  ['analytics_events', 'role'],
  ['analytics_events', 'source'],
  ['audit_log', 'action'],
  ['audit_log', 'details'],
  ['audit_log', 'ip'],
  // Coaching calls (docs/areas/calendar.md): plain text and an external https join link.
  ['calendar_calls', 'description'],
  ['calendar_calls', 'join_url'],
  ['calendar_calls', 'repeat'],
  ['calendar_calls', 'roles'],
  ['calendar_calls', 'title'],
  ['calendar_feeds', 'salt'],
  ['calendar_feeds', 'token_hash'],
  // A due-date reminder sent (docs/areas/reminders.md): its kind.
  ['card_reminders', 'kind'],
  // Playbook and recurring-card bookkeeping: names, keys, periods, plain titles, checklist text and ids.
  ['playbook_runs', 'key'],
  // Community spaces are named in a form without uploads; titles, reasons and reaction kinds are plain text.
  ['community_spaces', 'name'],
  ['community_spaces', 'description'],
  ['community_spaces', 'roles'],
  ['community_spaces', 'tag_ids'],
  ['community_spaces', 'posting_roles'],
  ['community_posts', 'title'],
  ['community_reactions', 'kind'],
  ['community_reports', 'reason'],
  // Playbook and recurring-card text is typed in forms that offer no upload (docs/areas/playbooks.md).
  ['playbooks', 'cards'],
  ['playbooks', 'description'],
  ['playbooks', 'name'],
  ['recurring_card_runs', 'period'],
  ['recurring_cards', 'checklist'],
  ['recurring_cards', 'description'],
  ['recurring_cards', 'every'],
  ['recurring_cards', 'tag_ids'],
  ['recurring_cards', 'title'],
  ['recurring_cards', 'user_ids'],
  ['categories', 'name'],
  ['courses', 'slug'],
  ['courses', 'status'],
  ['courses', 'title'],
  ['dashboard_banners', 'button_text'],
  ['dashboard_banners', 'title'],
  ['dashboard_banners', 'type'],
  ['dashboard_banners', 'video_url'],
  // Fee rate cards (docs/areas/seller-tools.md): names, codes, figures and the source's citation.
  ['fee_rate_cards', 'marketplace'],
  ['fee_rate_cards', 'name'],
  ['fee_rate_cards', 'rates'],
  ['fee_rate_cards', 'source'],
  ['knex_migrations', 'name'],
  ['lessons', 'title'],
  // The mail queue's sent markers (docs/areas/jobs.md): a Message-ID.
  ['mail_deliveries', 'message_id'],
  // Live events live minutes (for a stream's replay); an upload is never kept alive by one.
  ['live_events', 'payload'],
  ['live_events', 'topic'],
  ['live_events', 'type'],
  ['modules', 'title'],
  ['mtn_attachments', 'file_name'],
  ['mtn_card_events', 'data'],
  ['mtn_card_events', 'kind'],
  ['mtn_cards', 'title'],
  ['mtn_checklist_items', 'title'],
  ['mtn_checklists', 'title'],
  ['mtn_labels', 'color'],
  ['mtn_labels', 'name'],
  // A product's marketplace is a code (US, UK, DE, CA).
  ['products', 'marketplace'],
  // The reorder planner's numbers and dates (docs/areas/seller-tools.md, "Reorder planner").
  ['products', 'reorder_inputs'],
  ['mtn_lists', 'name'],
  ['notification_preferences', 'delivery'],
  ['notification_preferences', 'type'],
  // A notification's sentence quotes a card title and a name, never a comment.
  ['notifications', 'text'],
  // The start of a comment, shown as plain text (never as an image or a link): an upload's URL
  // in it keeps nothing alive; the comment itself is the reference.
  ['notifications', 'quote'],
  ['notifications', 'type'],
  ['password_reset_tokens', 'token_hash'],
  ['portal_settings', 'key'],
  ['product_scenarios', 'name'],
  ['products', 'title'],
  ['products', 'type_additional_fees'],
  ['purchases', 'currency'],
  ['purchases', 'failure_message'],
  ['purchases', 'idempotency_key'],
  ['purchases', 'payment_intent_id'],
  ['purchases', 'payment_method_id'],
  ['purchases', 'status'],
  ['qualifier_progress', 'answers'],
  ['qualifier_progress', 'launch_keyword'],
  ['qualifier_progress', 'result'],
  ['qualifier_progress', 'size_tier'],
  ['rate_limits', 'key'],
  ['resources', 'purchase_url'],
  ['resources', 'title'],
  ['resources', 'type'],
  ['resources', 'visibility'],
  ['sessions', 'data'],
  ['sessions', 'id'],
  ['stripe_customer_states', 'customer_id'],
  ['stripe_customer_states', 'status'],
  ['stripe_events', 'id'],
  ['stripe_events', 'type'],
  ['tags', 'name'],
  ['uploads', 'content_type'],
  ['uploads', 'original_name'],
  ['uploads', 'storage_key'],
  ['user_resources', 'source'],
  ['users', 'city'],
  ['users', 'country'],
  ['users', 'email'],
  ['users', 'full_name'],
  ['users', 'password_hash'],
  ['users', 'phone_number'],
  ['users', 'role'],
  ['users', 'state'],
  ['users', 'stripe_customer_id'],
  ['users', 'stripe_status'],
];

/** A storage key after a `/` (what adapters/storage.ts makes and accepts), captured. */
const KEY_IN_URL = '/([a-z0-9][a-z0-9-]{8,80}[.](png|jpg|gif|webp))';
const IDENTIFIER = /^[a-z_]+$/;

/** Every storage key some row mentions: one scan of the reference columns, keys pulled by regex. */
function referencedKeysSql(): string {
  return UPLOAD_REFERENCE_COLUMNS.map(([table, column]) => {
    if (!IDENTIFIER.test(table) || !IDENTIFIER.test(column)) throw new Error(`bad column ${table}.${column}`);
    return `select (regexp_matches(t.${column}, p.re, 'g'))[1] as key from ${table} t, pattern p
             where t.${column} like '%/%'`;
  }).join('\n union ');
}

export interface SweepResult {
  deleted: string[];
}

/**
 * Deletes uploads that are older than UNREFERENCED_UPLOAD_TTL_HOURS and that no row references:
 * their rows and their files (disk or S3, through the storage adapter), in batches. Each batch
 * deletes its rows (re-checking the references in the same statement) and then the files, in one
 * transaction: when a file cannot be deleted the rows come back and the next sweep tries again.
 */
export async function sweepUnreferencedUploads(
  knex: Knex,
  storage: Storage,
  options: { batchSize?: number } = {},
): Promise<SweepResult> {
  const batchSize = options.batchSize ?? 200;
  const deleted: string[] = [];
  for (;;) {
    const keys = await knex.transaction(async (trx) => {
      const result = await trx.raw<{ rows: Array<{ storage_key: string }> }>(
        `with pattern as (select ?::text as re),
              refs as materialized (${referencedKeysSql()})
         delete from uploads where id in (
           select u.id from uploads u
            where u.created_at < now() - (? * interval '1 hour')
              and not exists (select 1 from refs where refs.key = u.storage_key)
            order by u.id
            limit ?)
         returning storage_key`,
        [KEY_IN_URL, UNREFERENCED_UPLOAD_TTL_HOURS, batchSize],
      );
      const batch = result.rows.map((r) => r.storage_key);
      for (const key of batch) await storage.delete(key);
      return batch;
    });
    deleted.push(...keys);
    if (keys.length < batchSize) return { deleted };
  }
}
