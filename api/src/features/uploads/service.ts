import type { Knex } from 'knex';
import { payloadTooLarge } from '../../core/errors';
import { Upload, User } from '../../models';
import { UPLOAD_MESSAGES } from './limits';

export interface NewUpload {
  storageKey: string;
  userId: number;
  contentType: string;
  sizeBytes: number;
  originalName: string | null;
}

/** Bytes of the member's stored uploads (those the sweeper has not removed yet). */
export async function bytesUsedBy(knex: Knex, userId: number): Promise<number> {
  const row = await knex('uploads').where({ user_id: userId }).sum('size_bytes as total').first();
  return Number((row as { total?: number | string | null } | undefined)?.total ?? 0);
}

/**
 * Records an upload against the member's quota in one transaction of its own: the member's row is
 * locked first, so two uploads at once cannot both fit in the space left for one. Over the quota
 * is a 413 and nothing is written. `quotaBytes` null: no quota (admins). The upload route runs
 * without the chain's transaction (routes.ts), so this one is kept as short as the lock needs.
 */
export async function recordUpload(knex: Knex, upload: NewUpload, quotaBytes: number | null): Promise<void> {
  await knex.transaction(async (trx) => {
    if (quotaBytes !== null) {
      await User.query(trx).select('id').where('id', upload.userId).forUpdate().first();
      const used = await bytesUsedBy(trx, upload.userId);
      if (used + upload.sizeBytes > quotaBytes) throw payloadTooLarge(UPLOAD_MESSAGES.quotaExceeded(quotaBytes));
    }
    await Upload.query(trx).insert({
      storage_key: upload.storageKey,
      user_id: upload.userId,
      content_type: upload.contentType,
      size_bytes: upload.sizeBytes,
      original_name: upload.originalName,
    });
  });
}

/** Takes back the row of an upload whose file could not be stored. */
export async function forgetUpload(knex: Knex, storageKey: string): Promise<void> {
  await Upload.query(knex).delete().where('storage_key', storageKey);
}

/** The content type recorded for a stored upload, or undefined when no row has this key. */
export async function uploadContentType(knex: Knex, storageKey: string): Promise<string | undefined> {
  const row = await Upload.query(knex).select('content_type').where('storage_key', storageKey).first();
  return row?.content_type;
}
