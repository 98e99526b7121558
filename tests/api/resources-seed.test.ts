import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { seedDemo } from '../../api/src/db/seed';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.knex);
});
afterAll(async () => {
  await db.close();
});

describe('resources demo seed', () => {
  it('seeds categories and resources of every type and visibility, one hidden, one owned', async () => {
    const rows = await db.knex('resources').select<
      Array<{
        type: string;
        visibility: string;
        hidden: boolean;
        price_cents: number | null;
        purchase_url: string | null;
        course_id: number | null;
      }>
    >('type', 'visibility', 'hidden', 'price_cents', 'purchase_url', 'course_id');
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['Link', 'Article', 'Course']));
    expect(new Set(rows.map((r) => r.visibility))).toEqual(
      new Set(['Free', 'For Sale', 'For Sale Premium', 'Included with Premium']),
    );
    expect(rows.filter((r) => r.hidden)).toHaveLength(1);
    expect(rows.some((r) => r.visibility === 'For Sale' && r.price_cents && !r.purchase_url)).toBe(true);
    expect(rows.some((r) => r.visibility === 'For Sale' && r.purchase_url)).toBe(true);
    expect(rows.find((r) => r.type === 'Course')!.course_id).not.toBeNull();
    expect(Number((await db.knex('categories').count<Array<{ count: number }>>('* as count'))[0]!.count)).toBe(4);
    const owned = await db
      .knex('user_resources')
      .join('users', 'users.id', 'user_resources.user_id')
      .select('users.email');
    expect(owned).toEqual([{ email: 'premium@demo.portal' }]);
  });
});
