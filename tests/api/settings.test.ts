import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createUser, signIn } from '../helpers/factories';
import { seedDemo } from '../../api/src/db/seed';
import type { Role } from '../../shared/src/limits';
import { SETTING_FALLBACKS, SETTING_KEYS } from '../../shared/src/schemas/settings';
import type { AdminSetting } from '../../shared/src/types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.knex('portal_settings').delete();
  await t.knex('audit_log').where('action', 'like', 'setting.%').delete();
});

async function agentFor(role: Role, extra: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.knex, { role, ...extra });
  return { agent: await signIn(t.agent(), user), user };
}

const settingAudits = () =>
  t.knex('audit_log').where('action', 'like', 'setting.%').orderBy('id').select('action', 'actor_id', 'details');
const rowCount = async () => Number((await t.knex('portal_settings').count<Array<{ n: string }>>('* as n'))[0]!.n);
const byKey = (list: AdminSetting[]) => Object.fromEntries(list.map((s) => [s.key, s]));

describe('portal settings API', () => {
  it('every call needs a session (401)', async () => {
    const r = t.request();
    expect((await r.get('/api/settings')).status).toBe(401);
    expect((await r.get('/api/settings/read-many')).status).toBe(401);
    expect((await r.post('/api/settings/upsert').send({ values: { supportUrl: 'https://a.test/' } })).status).toBe(401);
    expect(await rowCount()).toBe(0);
  });

  it.each(ALL_ROLES)(
    'GET /api/settings gives %s the public values (defaults before any save), without the chat widget',
    async (role) => {
      const { agent } = await agentFor(role);
      const res = await agent.get('/api/settings');
      expect(res.status).toBe(200);
      const expected = Object.fromEntries(
        SETTING_KEYS.filter((k) => k !== 'chatWidgetUrl').map((k) => [k, SETTING_FALLBACKS[k]]),
      );
      expect(res.body).toEqual({ settings: expected });
    },
  );

  it('a member whose subscription is blocked still reads them (/blocked shows the Support link)', async () => {
    const { agent } = await agentFor('premium', { stripeStatus: 'past_due' });
    const res = await agent.get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body.settings.supportUrl).toBe(SETTING_FALLBACKS.supportUrl);
    expect((await agent.get('/api/settings/read-many')).status).toBe(403);
  });

  it.each(['coach', 'premium', 'course only', 'basic'] as Role[])(
    '%s gets 403 from read-many and upsert, and nothing is written',
    async (role) => {
      const { agent } = await agentFor(role);
      expect((await agent.get('/api/settings/read-many')).status).toBe(403);
      const res = await agent.post('/api/settings/upsert').send({ values: { supportUrl: 'https://evil.test/' } });
      expect(res.status).toBe(403);
      expect(await rowCount()).toBe(0);
      expect(await settingAudits()).toEqual([]);
    },
  );

  it('an admin switched to another role (isAdmin) gets 403 like that role', async () => {
    const { agent } = await agentFor('basic', { isAdmin: true });
    expect((await agent.get('/api/settings/read-many')).status).toBe(403);
    expect((await agent.post('/api/settings/upsert').send({ values: { supportUrl: 'https://x.test/' } })).status).toBe(
      403,
    );
    expect(await rowCount()).toBe(0);
  });

  it('admin read-many lists every key with value, default, source and who saved it', async () => {
    const { agent } = await agentFor('admin');
    const res = await agent.get('/api/settings/read-many');
    expect(res.status).toBe(200);
    const list = res.body.settings as AdminSetting[];
    expect(list.map((s) => s.key)).toEqual(SETTING_KEYS);
    expect(byKey(list).supportUrl).toEqual({
      key: 'supportUrl',
      label: 'Support',
      kind: 'url',
      value: SETTING_FALLBACKS.supportUrl,
      defaultValue: SETTING_FALLBACKS.supportUrl,
      source: 'default',
      updatedAt: null,
      updatedBy: null,
    });
  });

  it('admin upsert saves the changed keys in one go, one audit row each, and members see the new values', async () => {
    const { agent, user } = await agentFor('admin', { fullName: 'Ada Admin' });
    const res = await agent.post('/api/settings/upsert').send({
      values: {
        supportUrl: ' https://help.academy.test/contact ',
        qualifierIntroVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        calendarUrl: SETTING_FALLBACKS.calendarUrl, // unchanged: not written, not audited
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.changed).toEqual(['supportUrl', 'qualifierIntroVideo']);
    const list = byKey(res.body.settings as AdminSetting[]);
    expect(list.supportUrl).toMatchObject({
      value: 'https://help.academy.test/contact',
      source: 'saved',
      updatedBy: { id: user.id, fullName: 'Ada Admin' },
    });
    expect(typeof list.supportUrl!.updatedAt).toBe('string');
    expect(list.qualifierIntroVideo!.value).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(list.calendarUrl!.source).toBe('default');
    expect(await rowCount()).toBe(2);

    const audits = await settingAudits();
    expect(audits.map((a) => [a.action, a.actor_id, (a.details as { key: string }).key])).toEqual([
      ['setting.update', user.id, 'supportUrl'],
      ['setting.update', user.id, 'qualifierIntroVideo'],
    ]);
    expect(audits[0]!.details).toEqual({
      key: 'supportUrl',
      from: SETTING_FALLBACKS.supportUrl,
      to: 'https://help.academy.test/contact',
    });

    const member = (await agentFor('basic')).agent;
    const pub = await member.get('/api/settings');
    expect(pub.body.settings.supportUrl).toBe('https://help.academy.test/contact');
    expect(pub.body.settings.qualifierIntroVideo).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');

    // The same values again change nothing.
    const again = await agent
      .post('/api/settings/upsert')
      .send({ values: { supportUrl: 'https://help.academy.test/contact' } });
    expect(again.body.changed).toEqual([]);
    expect(await settingAudits()).toHaveLength(2);
  });

  it('null puts a saved key back to its default (audited); an unsaved key stays as it is', async () => {
    const { agent } = await agentFor('admin');
    await agent.post('/api/settings/upsert').send({ values: { communityUrl: 'https://community.academy.test/' } });
    const res = await agent.post('/api/settings/upsert').send({ values: { communityUrl: null, applyUrl: null } });
    expect(res.status).toBe(200);
    expect(res.body.changed).toEqual(['communityUrl']);
    expect(byKey(res.body.settings).communityUrl).toMatchObject({
      value: SETTING_FALLBACKS.communityUrl,
      source: 'default',
    });
    expect((await settingAudits()).map((a) => a.action)).toEqual(['setting.update', 'setting.reset']);
    expect(await rowCount()).toBe(0);
  });

  it.each([
    [
      { supportUrl: 'http://help.academy.test/' },
      'supportUrl',
      'Please enter a full https:// address or a mailto: address',
    ],
    [{ applyUrl: 'javascript:alert(1)' }, 'applyUrl', 'Please enter a full https:// address'],
    [{ applyUrl: '' }, 'applyUrl', 'This field cannot be empty'],
    [{ applyUrl: ['https://a.test/'] }, 'applyUrl', 'Please enter a valid value'],
    [
      { boardWelcomeVideo: 'https://videos.evil.test/embed/x' },
      'boardWelcomeVideo',
      'Please enter a YouTube or Vimeo video address (https://)',
    ],
    [
      { chatWidgetUrl: 'https://chat.evil.test/bot' },
      'chatWidgetUrl',
      'Please enter an https:// chat address on an allowed chat site (www.chatbase.co)',
    ],
    [{ notASetting: 'https://a.test/' }, 'notASetting', 'Unknown setting'],
  ])('400 for %j with the field message, and nothing is written', async (values, field, message) => {
    const { agent } = await agentFor('admin');
    const res = await agent
      .post('/api/settings/upsert')
      .send({ values: { communityUrl: 'https://ok.academy.test/', ...values } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields[field]).toBe(message);
    expect(await rowCount()).toBe(0);
    expect(await settingAudits()).toEqual([]);
  });

  it.each([{}, { values: 'https://a.test/' }, { values: [] }, { values: null }])(
    '400 for the body %j',
    async (body) => {
      const { agent } = await agentFor('admin');
      const res = await agent.post('/api/settings/upsert').send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields.values).toBeTruthy();
    },
  );

  it('the chat widget route serves the chatWidgetUrl setting; empty switches it off', async () => {
    const { agent } = await agentFor('admin');
    expect((await agent.get('/api/ai-tools/chat-widget')).body.widget.url).toBe(SETTING_FALLBACKS.chatWidgetUrl);
    await agent
      .post('/api/settings/upsert')
      .send({ values: { chatWidgetUrl: 'https://www.chatbase.co/chatbot-iframe/academy' } });
    expect((await agent.get('/api/ai-tools/chat-widget')).body.widget.url).toBe(
      'https://www.chatbase.co/chatbot-iframe/academy',
    );
    await agent.post('/api/settings/upsert').send({ values: { chatWidgetUrl: '' } });
    expect((await agent.get('/api/ai-tools/chat-widget')).body).toEqual({ widget: null });
  });

  it('the database refuses a value that is neither https, mailto nor empty', async () => {
    await expect(
      t.knex('portal_settings').insert({ key: 'supportUrl', value: 'javascript:alert(1)' }),
    ).rejects.toThrow();
  });
});

describe('environment variables are the first-start defaults', () => {
  let envApp: TestApp;
  beforeAll(async () => {
    envApp = await createTestApp({ SETTING_SUPPORT_URL: 'mailto:help@academy.test', AI_CHAT_WIDGET_URL: 'off' });
  });
  afterAll(async () => {
    await envApp.close();
  });

  it('a key no admin saved uses its variable; a saved row wins over it', async () => {
    const admin = await createUser(envApp.knex, { role: 'admin' });
    const agent = await signIn(envApp.agent(), admin);
    expect((await agent.get('/api/settings')).body.settings.supportUrl).toBe('mailto:help@academy.test');
    expect((await agent.get('/api/ai-tools/chat-widget')).body).toEqual({ widget: null });
    const saved = await agent
      .post('/api/settings/upsert')
      .send({ values: { supportUrl: 'https://help.academy.test/' } });
    expect(byKey(saved.body.settings).supportUrl).toMatchObject({
      value: 'https://help.academy.test/',
      defaultValue: 'mailto:help@academy.test',
      source: 'saved',
    });
    expect((await agent.get('/api/settings')).body.settings.supportUrl).toBe('https://help.academy.test/');
  });
});

describe('the demo seed', () => {
  let seeded: TestApp;
  beforeAll(async () => {
    seeded = await createTestApp();
    await seedDemo(seeded.knex);
  });
  afterAll(async () => {
    await seeded.close();
  });

  it('fills every setting with a clearly marked sample value, saved by the demo admin', async () => {
    const admin = await signIn(seeded.agent(), { email: 'admin@demo.portal', password: 'admin-demo-2026' });
    const res = await admin.get('/api/settings/read-many');
    expect(res.status).toBe(200);
    const list = res.body.settings as AdminSetting[];
    expect(list.every((s) => s.source === 'saved' && s.updatedBy?.fullName)).toBe(true);
    for (const s of list.filter((x) => x.kind === 'url' || x.kind === 'widget'))
      expect(s.value, s.key).toMatch(/demo-sample/);
  });
});
