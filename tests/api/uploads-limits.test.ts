import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepUnreferencedUploads } from '../../api/src/features/uploads/sweeper';
import { createStorage } from '../../api/src/adapters/storage';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';

const RATE = 5;
const QUOTA = 3500;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_RATE_LIMIT: String(RATE), UPLOAD_QUOTA_BYTES: String(QUOTA) });
});
afterAll(async () => {
  await t.close();
});

/** A 1000-byte GIF: GIF and WebP are stored as sent, so each upload counts exactly 1000 bytes. */
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(994, 7)]);
const member = async (role: 'basic' | 'premium' | 'admin' = 'basic') => {
  const user = await createUser(t.knex, { role });
  return { user, agent: await signIn(t.agent(), user) };
};
const rowsOf = async (userId: number) =>
  Number((await t.knex('uploads').where({ user_id: userId }).count<Array<{ n: number }>>('* as n'))[0]!.n);
const storedFiles = () =>
  t.config.storage.kind === 'disk' && fs.existsSync(t.config.storage.dir)
    ? fs.readdirSync(t.config.storage.dir).length
    : 0;

describe('upload rate limit', () => {
  it(`allows ${RATE} uploads per member per 10 minutes, then 429 with Retry-After`, async () => {
    const { user, agent } = await member();
    for (let i = 0; i < RATE; i++) {
      expect((await agent.post('/api/upload').attach('image', GIF.subarray(0, 100), 'a.gif')).status).toBe(201);
    }
    const files = storedFiles();
    const over = await agent.post('/api/upload').attach('image', GIF.subarray(0, 100), 'a.gif');
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe('Too many uploads. Please wait a few minutes and try again.');
    const retryAfter = Number(over.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await rowsOf(user.id)).toBe(RATE);
    expect(storedFiles()).toBe(files);
    // Any attempt counts, before the body is read: a non-multipart one is refused the same way.
    expect((await agent.post('/api/upload').send({ image: 'x' })).status).toBe(429);
  });

  it('counts per member: another member uploads while the first is limited', async () => {
    const first = await member();
    for (let i = 0; i <= RATE; i++)
      await first.agent.post('/api/upload').attach('image', GIF.subarray(0, 100), 'a.gif');
    const second = await member();
    expect((await second.agent.post('/api/upload').attach('image', GIF.subarray(0, 100), 'a.gif')).status).toBe(201);
  });
});

describe('upload quota', () => {
  it('answers 413 with a clear message when the upload would pass the quota, and stores nothing', async () => {
    const { user, agent } = await member('premium');
    for (let i = 0; i < 3; i++) {
      expect((await agent.post('/api/upload').attach('image', GIF, 'a.gif')).status).toBe(201);
    }
    const files = storedFiles();
    const over = await agent.post('/api/upload').attach('image', GIF, 'a.gif');
    expect(over.status).toBe(413);
    expect(over.body.error.message).toMatch(/^Your uploads have reached your storage limit of 3 KB\. Remove images/);
    expect(await rowsOf(user.id)).toBe(3);
    expect(storedFiles()).toBe(files);
    // What still fits is accepted (the 5th upload, within the rate limit).
    expect((await agent.post('/api/upload').attach('image', GIF.subarray(0, 500), 'a.gif')).status).toBe(201);
    expect(await rowsOf(user.id)).toBe(4);
  });

  it('a member whose space is full is refused before the body is read', async () => {
    const { agent } = await member();
    for (const size of [1000, 1000, 1000, 500]) {
      expect((await agent.post('/api/upload').attach('image', GIF.subarray(0, size), 'a.gif')).status).toBe(201);
    }
    // Not even an image: the quota answers first.
    const res = await agent.post('/api/upload').attach('image', Buffer.from('<html></html>'), 'x.png');
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/storage limit/);
  });

  it('holds under concurrent uploads: exactly what fits is stored', async () => {
    const { user, agent } = await member();
    const results = await Promise.all(
      Array.from({ length: RATE }, (_, i) => agent.post('/api/upload').attach('image', GIF, `c${i}.gif`)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 413, 413]);
    const used = await t.knex('uploads').where({ user_id: user.id }).sum('size_bytes as total').first();
    expect(Number((used as { total: number | string }).total)).toBe(3000);
  });

  it('space comes back once the sweeper removes unreferenced uploads', async () => {
    const { user, agent } = await member();
    for (let i = 0; i < 3; i++) await agent.post('/api/upload').attach('image', GIF, 'a.gif');
    expect((await agent.post('/api/upload').attach('image', GIF, 'a.gif')).status).toBe(413);
    await t
      .knex('uploads')
      .where({ user_id: user.id })
      .update({ created_at: t.knex.raw(`now() - interval '25 hours'`) });
    await sweepUnreferencedUploads(t.knex, createStorage(t.config));
    expect(await rowsOf(user.id)).toBe(0);
    expect((await agent.post('/api/upload').attach('image', GIF, 'a.gif')).status).toBe(201);
  });

  it('does not apply to admins, who upload the course and resource images', async () => {
    const { agent } = await member('admin');
    for (let i = 0; i < RATE; i++) {
      expect((await agent.post('/api/upload').attach('image', GIF, 'a.gif')).status).toBe(201);
    }
  });
});
