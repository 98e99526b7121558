import type { Knex } from 'knex';
import { installQueue } from '../core/queue/install';
import * as foundation from './migrations/0001_foundation';
import * as courses from './migrations/0002_courses';
import * as board from './migrations/0003_board';
import * as products from './migrations/0004_products';
import * as resources from './migrations/0005_resources';
import * as banners from './migrations/0006_banners';
import * as uploads from './migrations/0007_uploads';
import * as sellerTools from './migrations/0011_seller_tools';
import * as settings from './migrations/0012_settings';
import * as cardArchive from './migrations/0013_card_archive';
import * as premiumSlides from './migrations/0014_premium_slides';
import * as coaches from './migrations/0015_coaches';
import * as liveEvents from './migrations/0016_live_events';
import * as cardHistory from './migrations/0017_card_history';
import * as notifications from './migrations/0018_notifications';
import * as analytics from './migrations/0019_analytics';
import * as settingsDays from './migrations/0020_settings_days';
import * as auditIndexes from './migrations/0021_audit_indexes';
import * as insights from './migrations/0022_insights';
import * as insightsRollups from './migrations/0023_insights_rollups';
import * as liveSessionChecks from './migrations/0024_live_session_checks';
import * as mailDeliveries from './migrations/0025_mail_deliveries';
import * as feeRateCards from './migrations/0026_fee_rate_cards';
import * as calendar from './migrations/0027_calendar';
import * as welcomeSeen from './migrations/0028_welcome_seen';
import * as marketplaces from './migrations/0029_marketplaces';
import * as dueEvents from './migrations/0030_due_events';
import * as reorderInputs from './migrations/0031_reorder_inputs';
import * as reminders from './migrations/0032_reminders';
import * as playbooks from './migrations/0033_playbooks';
import * as notificationQuotes from './migrations/0034_notification_quotes';
import * as searchIndexes from './migrations/0035_search_indexes';
import * as community from './migrations/0036_community';
import * as firstRun from './migrations/0037_first_run';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Every migration in order. Listed statically so tsx, vitest and bundlers all find them. */
export const MIGRATIONS: ReadonlyArray<readonly [string, Migration]> = [
  ['0001_foundation', foundation],
  ['0002_courses', courses],
  ['0003_board', board],
  ['0004_products', products],
  ['0005_resources', resources],
  ['0006_banners', banners],
  ['0007_uploads', uploads],
  ['0011_seller_tools', sellerTools],
  ['0012_settings', settings],
  ['0013_card_archive', cardArchive],
  ['0014_premium_slides', premiumSlides],
  ['0015_coaches', coaches],
  ['0016_live_events', liveEvents],
  ['0017_card_history', cardHistory],
  ['0018_notifications', notifications],
  ['0019_analytics', analytics],
  ['0020_settings_days', settingsDays],
  ['0021_audit_indexes', auditIndexes],
  ['0022_insights', insights],
  ['0023_insights_rollups', insightsRollups],
  ['0024_live_session_checks', liveSessionChecks],
  ['0025_mail_deliveries', mailDeliveries],
  ['0026_fee_rate_cards', feeRateCards],
  ['0027_calendar', calendar],
  ['0028_welcome_seen', welcomeSeen],
  ['0029_marketplaces', marketplaces],
  ['0030_due_events', dueEvents],
  ['0031_reorder_inputs', reorderInputs],
  ['0032_reminders', reminders],
  ['0033_playbooks', playbooks],
  ['0034_notification_quotes', notificationQuotes],
  ['0035_search_indexes', searchIndexes],
  ['0036_community', community],
  ['0037_first_run', firstRun],
];

class StaticMigrationSource implements Knex.MigrationSource<string> {
  getMigrations(): Promise<string[]> {
    return Promise.resolve(MIGRATIONS.map(([name]) => name));
  }
  getMigrationName(name: string): string {
    return name;
  }
  getMigration(name: string): Promise<Migration> {
    const found = MIGRATIONS.find(([n]) => n === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return Promise.resolve(found[1]);
  }
}

export const migrationConfig: Knex.MigratorConfig = {
  migrationSource: new StaticMigrationSource(),
  tableName: 'knex_migrations',
};

/** The migrations above, then the job queue's own schema and queues (pg-boss's migrations; docs/areas/jobs.md). */
export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest(migrationConfig);
  await installQueue(knex);
}
