import type { Knex } from 'knex';
import type { BannerUpsertInput } from '@shared/schemas';
import type { BannerType } from '@shared/types';
import { audit } from '../../core/audit';
import { DashboardBanner } from '../../models';
import type { BannerRow } from './presenter';

/** The banners of the given types (one per type; a type without one is left out). */
export async function findBanners(knex: Knex, types: readonly BannerType[]): Promise<BannerRow[]> {
  if (types.length === 0) return [];
  return DashboardBanner.query(knex)
    .select(...DashboardBanner.columns)
    .whereIn('type', types)
    .castTo<BannerRow[]>();
}

export interface SaveBannerInput {
  actorId: number;
  ip: string;
  banner: BannerUpsertInput;
}

/**
 * Creates or replaces the banner of a type (one per type) and audit-logs it, in the caller's
 * transaction. `isNew` comes from PostgreSQL itself (xmax = 0 on an inserted row), so two admins
 * saving at once cannot both be told 'created'.
 */
export async function saveBanner(
  trx: Knex.Transaction,
  input: SaveBannerInput,
): Promise<{ row: BannerRow; isNew: boolean }> {
  const b = input.banner;
  const values = {
    type: b.type,
    title: b.title,
    content: b.content,
    video_url: b.video_url ?? null,
    button_text: b.button_text,
    button_url: b.button_url,
    average_shipping_rate: b.type === 'premium' ? (b.average_shipping_rate ?? null) : null,
    updated_by: input.actorId,
  };
  const result = await trx.raw<{ rows: Array<BannerRow & { inserted: boolean }> }>(
    `INSERT INTO dashboard_banners (type, title, content, video_url, button_text, button_url, average_shipping_rate, updated_by)
     VALUES (:type, :title, :content, :video_url, :button_text, :button_url, :average_shipping_rate, :updated_by)
     ON CONFLICT (type) DO UPDATE SET
       title = EXCLUDED.title, content = EXCLUDED.content, video_url = EXCLUDED.video_url,
       button_text = EXCLUDED.button_text, button_url = EXCLUDED.button_url,
       average_shipping_rate = EXCLUDED.average_shipping_rate, updated_by = EXCLUDED.updated_by,
       updated_at = now()
     RETURNING ${DashboardBanner.columns.join(', ')}, (xmax = 0) AS inserted`,
    values,
  );
  const { inserted, ...row } = result.rows[0]!;
  await audit(trx, {
    actorId: input.actorId,
    action: inserted ? 'banner.create' : 'banner.update',
    details: { type: b.type },
    ip: input.ip,
  });
  return { row, isNew: inserted };
}

/** Deletes the banner of a type and audit-logs it, in the caller's transaction; false when there was none. */
export async function deleteBanner(
  trx: Knex.Transaction,
  type: BannerType,
  actorId: number,
  ip: string,
): Promise<boolean> {
  const deleted = await DashboardBanner.query(trx).deleteById(type);
  if (!deleted) return false;
  await audit(trx, { actorId, action: 'banner.delete', details: { type }, ip });
  return true;
}
