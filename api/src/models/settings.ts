import { BaseModel, type Timestamp } from './base';

/**
 * `portal_settings`: one saved portal setting. A key without a row uses its first-start default
 * (config.settingDefaults). Queries pass their knex or transaction explicitly
 * (`PortalSetting.query(trx)`), so a test app or a second database never uses another's binding.
 */
export class PortalSetting extends BaseModel {
  static override tableName = 'portal_settings';
  static override idColumn = 'key';
  static override columns = ['key', 'value', 'updated_at', 'updated_by'] as const;

  declare key: string;
  declare value: string;
  declare updated_at: Timestamp;
  declare updated_by: number | null;
}
