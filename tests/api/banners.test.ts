import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';
import { MESSAGES } from '../../shared/src/messages';
import { BANNER_FIELD_MESSAGES } from '../../shared/src/schemas/banners';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.knex('dashboard_banners').delete();
});

async function agentFor(role: Role, extra: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.knex, { role, ...extra });
  return signIn(t.agent(), user);
}

const banner = (type: string, over: Record<string, unknown> = {}) => ({
  type,
  title: `${type} title`,
  content: `Hello **${type}** members`,
  video_url: '',
  button_text: 'Go',
  button_url: 'https://example.com/go',
  average_shipping_rate: null,
  ...over,
});

/** Banners stored (other than `except`). */
async function bannerCount(except?: string): Promise<number> {
  const q = t.knex('dashboard_banners');
  if (except) q.whereNot({ type: except });
  const row = await q.count<Array<{ n: string | number }>>('* as n').first();
  return Number(row?.n);
}

async function seedAll() {
  const admin = await agentFor('admin');
  for (const type of ['premium', 'basic', 'course only']) {
    const res = await admin
      .post('/api/dashboard-banner')
      .send(banner(type, type === 'premium' ? { average_shipping_rate: 4.85 } : {}));
    expect(res.status).toBe(200);
  }
  return admin;
}

describe('dashboard banners', () => {
  it('requires authentication for every banner call', async () => {
    const r = t.request();
    expect((await r.get('/api/dashboard-banner/read-many')).status).toBe(401);
    expect((await r.get('/api/dashboard-banner/premium')).status).toBe(401);
    expect((await r.post('/api/dashboard-banner').send(banner('premium'))).status).toBe(401);
    expect((await r.delete('/api/dashboard-banner/premium')).status).toBe(401);
  });

  it('lets an admin create, update, read and delete a banner, with an audit row each', async () => {
    const admin = await agentFor('admin');
    const created = await admin
      .post('/api/dashboard-banner')
      .send(banner('premium', { average_shipping_rate: '4.85', video_url: 'https://youtu.be/qp0HIF3SfI4' }));
    expect(created.status).toBe(200);
    expect(created.body.isNew).toBe(true);
    expect(created.body.banner).toMatchObject({
      type: 'premium',
      title: 'premium title',
      video_url: 'https://youtu.be/qp0HIF3SfI4',
      average_shipping_rate: 4.85,
    });
    expect(Object.keys(created.body.banner).sort()).toEqual(
      [
        'average_shipping_rate',
        'button_text',
        'button_url',
        'content',
        'title',
        'type',
        'updatedAt',
        'video_url',
      ].sort(),
    );

    const updated = await admin.post('/api/dashboard-banner').send(banner('premium', { title: 'New title' }));
    expect(updated.body).toMatchObject({
      isNew: false,
      banner: { title: 'New title', average_shipping_rate: null, video_url: null },
    });
    expect((await admin.get('/api/dashboard-banner/premium')).body.banner.title).toBe('New title');

    const removed = await admin.delete('/api/dashboard-banner/premium');
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(MESSAGES.bannerDeleted);
    expect((await admin.get('/api/dashboard-banner/premium')).body).toEqual({ banner: null });
    const again = await admin.delete('/api/dashboard-banner/premium');
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(MESSAGES.bannerNotFound);

    const actions = await t.knex('audit_log').whereLike('action', 'banner.%').orderBy('id').pluck('action');
    expect(actions.slice(-3)).toEqual(['banner.create', 'banner.update', 'banner.delete']);
  });

  it('keeps one banner per type', async () => {
    await seedAll();
    const admin = await agentFor('admin');
    await admin.post('/api/dashboard-banner').send(banner('basic', { title: 'Second' }));
    const rows = await t.knex('dashboard_banners').select('type', 'title').orderBy('type');
    expect(rows).toEqual([
      { type: 'basic', title: 'Second' },
      { type: 'course only', title: 'course only title' },
      { type: 'premium', title: 'premium title' },
    ]);
  });

  it('tells exactly one of two simultaneous saves that it created the banner', async () => {
    const admin = await agentFor('admin');
    const [a, b] = await Promise.all([
      admin.post('/api/dashboard-banner').send(banner('basic', { title: 'A' })),
      admin.post('/api/dashboard-banner').send(banner('basic', { title: 'B' })),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.isNew, b.body.isNew].sort()).toEqual([false, true]);
  });

  it.each([
    ['premium', 'premium'],
    ['coach', 'premium'],
    ['basic', 'basic'],
    ['course only', 'course-only'],
  ] as const)('lets a %s read only the %s banner', async (role, own) => {
    await seedAll();
    const agent = await agentFor(role);
    for (const path of ['premium', 'basic', 'course-only']) {
      const res = await agent.get(`/api/dashboard-banner/${path}`);
      expect(res.status, `${role} GET ${path}`).toBe(path === own ? 200 : 403);
    }
    const many = await agent.get('/api/dashboard-banner/read-many');
    expect(many.status).toBe(200);
    const key = own === 'course-only' ? 'courseOnly' : own;
    for (const k of ['premium', 'basic', 'courseOnly']) {
      if (k === key) expect(many.body[k]).toMatchObject({ title: expect.any(String) });
      else expect(many.body[k], `${role} read-many ${k}`).toBeNull();
    }
  });

  it('lets an admin read all three banners, course only by any of its URL forms', async () => {
    await seedAll();
    const admin = await agentFor('admin');
    const many = await admin.get('/api/dashboard-banner/read-many');
    expect(many.body.premium.average_shipping_rate).toBe(4.85);
    expect(many.body.basic.type).toBe('basic');
    expect(many.body.courseOnly.type).toBe('course only');
    for (const path of ['course-only', 'course%20only', 'courseOnly', 'COURSE-ONLY']) {
      const res = await admin.get(`/api/dashboard-banner/${path}`);
      expect(res.body.banner?.type, path).toBe('course only');
    }
  });

  it('answers 400 for an unknown type and {banner: null} when none is set', async () => {
    const admin = await agentFor('admin');
    const res = await admin.get('/api/dashboard-banner/gold');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.unknownBannerType);
    expect((await admin.delete('/api/dashboard-banner/gold')).status).toBe(400);
    expect((await admin.get('/api/dashboard-banner/basic')).body).toEqual({ banner: null });
  });

  it.each(ALL_ROLES.filter((r) => r !== 'admin'))('returns 403 when a %s creates or deletes a banner', async (role) => {
    await seedAll();
    const agent = await agentFor(role);
    expect((await agent.post('/api/dashboard-banner').send(banner('basic', { title: 'hacked' }))).status).toBe(403);
    expect((await agent.delete('/api/dashboard-banner/basic')).status).toBe(403);
    expect(await t.knex('dashboard_banners').where({ type: 'basic' }).first('title')).toEqual({ title: 'basic title' });
  });

  it('returns 403 to an admin who switched to the premium role', async () => {
    const agent = await agentFor('premium', { isAdmin: true });
    expect((await agent.post('/api/dashboard-banner').send(banner('premium'))).status).toBe(403);
    expect((await agent.get('/api/dashboard-banner/basic')).status).toBe(403);
  });

  it('sends a member whose subscription is past due to /blocked semantics', async () => {
    await seedAll();
    const agent = await agentFor('premium', { stripeStatus: 'past_due' });
    const res = await agent.get('/api/dashboard-banner/premium');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('subscription_blocked');
  });

  it('requires title, content, button text and button URL, with a message per field', async () => {
    const admin = await agentFor('admin');
    const res = await admin.post('/api/dashboard-banner').send({ type: 'basic', title: ' ', video_url: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      title: MESSAGES.fieldRequired,
      content: MESSAGES.fieldRequired,
      button_text: MESSAGES.fieldRequired,
      button_url: MESSAGES.fieldRequired,
    });
    expect(await bannerCount()).toBe(0);
  });

  it.each([
    ['button_url', 'http://example.com', BANNER_FIELD_MESSAGES.httpsUrl],
    ['button_url', 'javascript:alert(1)', BANNER_FIELD_MESSAGES.httpsUrl],
    ['button_url', 'https://user@evil.example', BANNER_FIELD_MESSAGES.httpsUrl],
    ['video_url', 'https://evil.example/video.mp4', BANNER_FIELD_MESSAGES.videoUrl],
    ['video_url', 'http://www.youtube.com/watch?v=qp0HIF3SfI4', BANNER_FIELD_MESSAGES.videoUrl],
    ['type', 'gold', BANNER_FIELD_MESSAGES.type],
    ['average_shipping_rate', -1, BANNER_FIELD_MESSAGES.shippingRate],
    ['average_shipping_rate', 1.234, BANNER_FIELD_MESSAGES.shippingRate],
    ['average_shipping_rate', 100_001, BANNER_FIELD_MESSAGES.shippingRate],
    ['title', 'x'.repeat(201), 'Please use at most 200 characters'],
  ])('rejects %s = %j with its field message', async (field, value, message) => {
    const admin = await agentFor('admin');
    const res = await admin.post('/api/dashboard-banner').send(banner('premium', { [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
  });

  it('keeps the average shipping rate to the premium banner', async () => {
    const admin = await agentFor('admin');
    for (const type of ['basic', 'course only']) {
      const res = await admin.post('/api/dashboard-banner').send(banner(type, { average_shipping_rate: 3 }));
      expect(res.status).toBe(400);
      expect(res.body.error.fields.average_shipping_rate).toBe(BANNER_FIELD_MESSAGES.shippingRatePremiumOnly);
    }
    const ok = await admin.post('/api/dashboard-banner').send(banner('basic', { average_shipping_rate: '' }));
    expect(ok.body.banner.average_shipping_rate).toBeNull();
  });

  it.each([
    ['an array title', { title: ['a'] }],
    ['an object URL', { button_url: { href: 'https://x.example' } }],
    ['a boolean rate', { average_shipping_rate: true }],
    ['an array rate', { average_shipping_rate: [1] }],
    ['a prototype key', { ['__proto__']: { type: 'premium' } }],
  ])('answers 400 or 200, never 500, for %s', async (_name, patch) => {
    const admin = await agentFor('admin');
    const res = await admin.post('/api/dashboard-banner').send({ ...banner('premium'), ...patch });
    expect([200, 400]).toContain(res.status);
    if (res.status === 400) expect(typeof res.body.error.message).toBe('string');
    expect(await bannerCount('premium')).toBe(0);
  });

  it('reads the banners with one query, whatever the number of banners', async () => {
    await seedAll();
    const admin = await agentFor('admin');
    const sql: string[] = [];
    const listener = (q: { sql: string }) => sql.push(q.sql);
    t.knex.on('query', listener);
    try {
      expect((await admin.get('/api/dashboard-banner/read-many')).status).toBe(200);
    } finally {
      t.knex.off('query', listener);
    }
    expect(sql.filter((s) => s.includes('dashboard_banners'))).toHaveLength(1);
  });
});
