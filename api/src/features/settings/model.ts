import { Model } from 'objection';

/**
 * One saved portal setting (table portal_settings). A key without a row uses its first-start
 * default (config.settingDefaults). Queries always pass their knex or transaction explicitly
 * (`PortalSetting.query(trx)`), so a test app or a second database never uses another's binding.
 */
export class PortalSetting extends Model {
  static override tableName = 'portal_settings';
  static override idColumn = 'key';

  key!: string;
  value!: string;
  updated_at!: Date | string;
  updated_by!: number | null;
}
