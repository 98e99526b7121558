import { loadConfig } from '../config';
import { openDatabase } from './knex';
import { migrateLatest } from './migrate';
import { seedDemo } from './seed';

/** npm run migrate | npm run seed — against DATABASE_URL, or the embedded database in DATA_DIR. */
async function main(): Promise<void> {
  const command = process.argv[2];
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(db.knex);
    if (command === 'seed') {
      const accounts = await seedDemo(db.knex);
      console.log(
        accounts.length ? `Seeded ${accounts.length} demo accounts.` : 'Users exist already; nothing seeded.',
      );
    } else console.log('Migrated.');
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
