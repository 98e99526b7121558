import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as models from '../../api/src/models';
import { BaseModel } from '../../api/src/models';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

/** Every table of the migrated schema has one model, with the same name, columns and primary key. */
let db: TestDatabase;

const MODELS = Object.values(models).filter(
  (m): m is typeof BaseModel => typeof m === 'function' && m.prototype instanceof BaseModel,
);
/** knex's own bookkeeping, not the portal's data. */
const KNEX_TABLES = ['knex_migrations', 'knex_migrations_lock'];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

async function schema(): Promise<Map<string, { columns: string[]; key: string[] }>> {
  const cols = await db.knex.raw<{ rows: Array<{ table_name: string; column_name: string }> }>(
    `select c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const keys = await db.knex.raw<{ rows: Array<{ table_name: string; column_name: string }> }>(
    `select tc.table_name, k.column_name
       from information_schema.table_constraints tc
       join information_schema.key_column_usage k
         on k.constraint_schema = tc.constraint_schema and k.constraint_name = tc.constraint_name
      where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
      order by tc.table_name, k.ordinal_position`,
  );
  const out = new Map<string, { columns: string[]; key: string[] }>();
  for (const r of cols.rows) {
    if (KNEX_TABLES.includes(r.table_name)) continue;
    if (!out.has(r.table_name)) out.set(r.table_name, { columns: [], key: [] });
    out.get(r.table_name)!.columns.push(r.column_name);
  }
  for (const r of keys.rows) out.get(r.table_name)?.key.push(r.column_name);
  return out;
}

describe('Objection models', () => {
  it('one model per table of the migrated schema, and no model without a table', async () => {
    const tables = await schema();
    expect(tables.size).toBeGreaterThan(30);
    expect(MODELS.map((m) => m.tableName).sort()).toEqual([...tables.keys()].sort());
  });

  it('each model lists its table’s columns in order and its primary key', async () => {
    const tables = await schema();
    for (const model of MODELS) {
      const table = tables.get(model.tableName);
      expect(table, model.name).toBeDefined();
      expect([...model.columns], model.name).toEqual(table!.columns);
      const id = model.idColumn;
      expect(Array.isArray(id) ? id : [id], model.name).toEqual(table!.key);
    }
  });

  it('every relation mapping resolves and reads as a graph', async () => {
    let relations = 0;
    for (const model of MODELS) {
      const names = Object.keys(model.getRelations());
      relations += names.length;
      if (names.length === 0) continue;
      const rows = await model
        .query(db.knex)
        .withGraphFetched(`[${names.join(', ')}]`)
        .limit(1);
      expect(Array.isArray(rows), model.name).toBe(true);
    }
    expect(relations).toBeGreaterThanOrEqual(20);
  });

  it('reads a graph of real rows: a user with their tags', async () => {
    const [tag] = await db.knex('tags').insert({ name: 'Graph' }).returning<Array<{ id: number }>>('id');
    const [user] = await db
      .knex('users')
      .insert({ full_name: 'Graph Reader', email: 'graph@example.test', role: 'basic' })
      .returning<Array<{ id: number }>>('id');
    await db.knex('user_tags').insert({ user_id: user!.id, tag_id: tag!.id });
    const found = await models.User.query(db.knex).findById(user!.id).withGraphFetched('tags');
    expect(found?.full_name).toBe('Graph Reader');
    expect((found as unknown as { tags: Array<{ name: string }> }).tags.map((t) => t.name)).toEqual(['Graph']);
  });
});
