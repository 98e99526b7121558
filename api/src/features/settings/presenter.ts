import {
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  PRIVATE_SETTING_KEYS,
  type SettingDefinition,
  type SettingKey,
} from '@shared/schemas/settings';
import type { AdminSetting, PublicSettings } from '@shared/types';
import type { ModelObject } from 'objection';
import { iso } from '../../core/dates';
import type { PortalSetting } from '../../models';

/** A saved row with the name of the admin who saved it (null when none or deleted). */
export type SettingRow = ModelObject<PortalSetting> & { updated_by_name: string | null };

/** Every key with its value in effect: the saved row, else the first-start default. */
export function presentAdminSettings(rows: SettingRow[], defaults: Record<SettingKey, string>): AdminSetting[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return SETTING_KEYS.map((key) => {
    const def: SettingDefinition = SETTING_DEFINITIONS[key];
    const row = byKey.get(key);
    return {
      key,
      label: def.label,
      kind: def.kind,
      ...(def.choices ? { choices: def.choices.map((c) => ({ ...c })) } : {}),
      value: row ? row.value : defaults[key],
      defaultValue: defaults[key],
      source: row ? 'saved' : 'default',
      updatedAt: row ? iso(row.updated_at) : null,
      updatedBy: row && row.updated_by !== null ? { id: row.updated_by, fullName: row.updated_by_name ?? '' } : null,
    };
  });
}

/** GET /api/settings: every value but the private ones (the chat widget has its own route). */
export function presentPublicSettings(rows: SettingRow[], defaults: Record<SettingKey, string>): PublicSettings {
  const out: Record<string, string> = {};
  for (const s of presentAdminSettings(rows, defaults)) {
    if (!PRIVATE_SETTING_KEYS.includes(s.key)) out[s.key] = s.value;
  }
  return out as PublicSettings;
}
