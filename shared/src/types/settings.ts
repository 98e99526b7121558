import type { SettingKey, SettingKind } from '../schemas/settings';

export type { SettingKey, SettingKind };

/**
 * GET /api/settings: the values the UI shows to every signed-in member (every key but the chat
 * widget, which GET /api/ai-tools/chat-widget serves to the members allowed to use it).
 */
export type PublicSettingKey = Exclude<SettingKey, 'chatWidgetUrl'>;
export type PublicSettings = Record<PublicSettingKey, string>;

export interface PublicSettingsResponse {
  settings: PublicSettings;
}

/** One setting as an admin sees it (GET /api/settings/read-many). */
export interface AdminSetting {
  key: SettingKey;
  label: string;
  kind: SettingKind;
  /** A choice: the values allowed and their labels. */
  choices?: Array<{ value: string; label: string }>;
  /** The value in effect: the saved one, else the first-start default. */
  value: string;
  /** The first-start default (from the environment, else the built-in placeholder). */
  defaultValue: string;
  source: 'default' | 'saved';
  updatedAt: string | null;
  updatedBy: { id: number; fullName: string } | null;
}

export interface SettingsReadManyResponse {
  settings: AdminSetting[];
}

export interface SettingsUpsertResponse extends SettingsReadManyResponse {
  /** The keys this call changed (one audit row each); unchanged values are not written. */
  changed: SettingKey[];
}
