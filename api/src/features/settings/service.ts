import type { Knex } from 'knex';
import { isSettingKey, SETTING_KEYS, type SettingKey, type SettingsValuesInput } from '@shared/schemas/settings';
import { audit } from '../../core/audit';
import { PortalSetting } from '../../models';
import type { SettingRow } from './presenter';

/** The saved settings (known keys only; a row of a key the code no longer has is ignored). */
export async function findSettingRows(knex: Knex): Promise<SettingRow[]> {
  const rows = await PortalSetting.query(knex)
    .leftJoin('users', 'users.id', 'portal_settings.updated_by')
    .select(
      'portal_settings.key',
      'portal_settings.value',
      'portal_settings.updated_at',
      'portal_settings.updated_by',
      'users.full_name as updated_by_name',
    )
    .castTo<SettingRow[]>();
  return rows.filter((r) => isSettingKey(r.key));
}

/** The value in effect of one key. */
export async function settingValue(knex: Knex, defaults: Record<SettingKey, string>, key: SettingKey): Promise<string> {
  const row = await PortalSetting.query(knex).findById(key).select('value');
  return row ? row.value : defaults[key];
}

export interface SaveSettingsInput {
  actorId: number;
  ip: string;
  values: SettingsValuesInput;
  defaults: Record<SettingKey, string>;
}

/**
 * Saves the given keys in one transaction: a value that differs from the one in effect is
 * written (insert or update), null puts a saved key back to its default (the row goes), and each
 * changed key gets its own audit row (from, to). Unchanged keys are neither written nor audited.
 * Writers queue on a table lock, so two admins saving at once cannot both read the old value.
 */
export async function saveSettings(knex: Knex, input: SaveSettingsInput): Promise<SettingKey[]> {
  return knex.transaction(async (trx) => {
    await trx.raw('LOCK TABLE portal_settings IN SHARE ROW EXCLUSIVE MODE');
    // In the definitions' order, so the audit rows and `changed` read the same way every time.
    const keys = SETTING_KEYS.filter((k) => input.values[k] !== undefined);
    if (keys.length === 0) return [];
    const saved = new Map(
      (await PortalSetting.query(trx).whereIn('key', keys).select('key', 'value')).map((r) => [r.key, r.value]),
    );
    const changed: SettingKey[] = [];
    for (const key of keys) {
      const next = input.values[key];
      const before = saved.get(key);
      const current = before ?? input.defaults[key];
      if (next === null) {
        if (before === undefined) continue;
        await PortalSetting.query(trx).deleteById(key);
        await audit(trx, {
          actorId: input.actorId,
          action: 'setting.reset',
          details: { key, from: before, to: input.defaults[key] },
          ip: input.ip,
        });
        changed.push(key);
        continue;
      }
      if (next === undefined || next === current) continue;
      await trx.raw(
        `INSERT INTO portal_settings (key, value, updated_by, updated_at) VALUES (?, ?, ?, now())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [key, next, input.actorId],
      );
      await audit(trx, {
        actorId: input.actorId,
        action: 'setting.update',
        details: { key, from: current, to: next },
        ip: input.ip,
      });
      changed.push(key);
    }
    return changed;
  });
}
