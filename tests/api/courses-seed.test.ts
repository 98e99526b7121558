import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { seedDemo } from '../../api/src/db/seed';

// The web build copies desktop/src/web/public to its root: serve that folder as the build.
const publicDir = path.resolve(import.meta.dirname, '../../desktop/src/web/public');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIR: publicDir });
  await seedDemo(t.knex);
});
afterAll(async () => {
  await t.close();
});

describe('courses demo seed', () => {
  it('gives every published course its own cover image, served by the web build as a small, script-free SVG', async () => {
    const rows = await t
      .knex('courses')
      .orderBy('position')
      .select<Array<{ slug: string; status: string; cover_photo_url: string | null }>>(
        'slug',
        'status',
        'cover_photo_url',
      );
    const published = rows.filter((r) => r.status === 'PUBLISHED');
    expect(published.length).toBeGreaterThanOrEqual(3);
    expect(new Set(published.map((r) => r.cover_photo_url)).size).toBe(published.length);
    for (const row of published) {
      expect(row.cover_photo_url).toBe(`/demo/courses/${row.slug}.svg`);
      const res = await t.request().get(row.cover_photo_url!);
      expect(res.status, row.slug).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      const svg = String(res.body instanceof Buffer ? res.body.toString('utf8') : res.text);
      expect(svg.trimStart().startsWith('<svg')).toBe(true);
      expect(svg).not.toMatch(/<script|on[a-z]+=|href=/i);
      expect(Buffer.byteLength(svg)).toBeLessThan(4096);
    }
    // The draft keeps no cover: admins see the designed fallback on it.
    expect(rows.filter((r) => r.status === 'DRAFT').map((r) => r.cover_photo_url)).toEqual([null]);
  });
});
