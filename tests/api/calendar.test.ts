import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag } from '../helpers/factories';
import { MESSAGES } from '../../shared/src/messages';
import type { CalendarEvent } from '../../shared/src/types/calendar';
import { call, calendarActor, dueCard, type CalendarActor } from './calendar-fixtures';

/**
 * The calendar API (docs/areas/calendar.md): calls and who sees them, RSVPs, events with repeating
 * calls expanded, due cards per role, and the secret feed (ICS parsed with ical.js).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.knex('calendar_calls').delete();
});

const C = '/api/calendar';
const DEC = { from: '2026-12-01', to: '2026-12-31' };

async function events(a: CalendarActor, range: { from: string; to: string } = DEC): Promise<CalendarEvent[]> {
  const res = await a.agent.get(`${C}/events`).query(range);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.events as CalendarEvent[];
}

async function createCall(admin: CalendarActor, over: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.agent.post(`${C}/call/upsert`).send(call(over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.call.id as number;
}

describe('calls', () => {
  it('needs a session for every call but the feed address', async () => {
    const r = t.request();
    expect((await r.get(`${C}/events`).query(DEC)).status).toBe(401);
    expect((await r.post(`${C}/call/upsert`).send(call())).status).toBe(401);
    expect((await r.delete(`${C}/call/1`)).status).toBe(401);
    expect((await r.put(`${C}/call/1/rsvp`).send({ going: true })).status).toBe(401);
    expect((await r.get(`${C}/feed`)).status).toBe(401);
    expect((await r.post(`${C}/feed/rotate`)).status).toBe(401);
  });

  it('an admin creates, changes and deletes a call, each audited; other roles get 403', async () => {
    const admin = await calendarActor(t, { role: 'admin' });
    const created = await admin.agent.post(`${C}/call/upsert`).send(call({ repeat: 'weekly', until: '2027-01-31' }));
    expect(created.status).toBe(200);
    expect(created.body.isNew).toBe(true);
    expect(created.body.call).toEqual({
      id: expect.any(Number),
      title: 'Weekly coaching call',
      description: 'Bring your numbers',
      startsAt: '2026-12-07T15:00:00.000Z',
      durationMinutes: 60,
      joinUrl: 'https://meet.example.com/abc',
      repeat: 'weekly',
      until: '2027-01-31T23:59:59.999Z',
      roles: [],
      tagIds: [],
    });
    const id = created.body.call.id as number;
    const changed = await admin.agent.post(`${C}/call/upsert`).send(call({ id, title: 'Renamed', roles: ['premium'] }));
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      isNew: false,
      call: { id, title: 'Renamed', roles: ['premium'], repeat: 'none' },
    });
    for (const role of ['coach', 'premium', 'basic', 'course only'] as const) {
      const other = await calendarActor(t, { role });
      expect((await other.agent.post(`${C}/call/upsert`).send(call())).status).toBe(403);
      expect((await other.agent.delete(`${C}/call/${id}`)).status).toBe(403);
    }
    expect((await admin.agent.delete(`${C}/call/${id}`)).status).toBe(200);
    expect((await admin.agent.delete(`${C}/call/${id}`)).status).toBe(404);
    const actions = await t.knex('audit_log').where({ actor_id: admin.user.id }).orderBy('id').pluck('action');
    expect(actions).toEqual(['calendar.call.create', 'calendar.call.update', 'calendar.call.delete']);
  });

  it('answers bad input with a 400 naming each field', async () => {
    const admin = await calendarActor(t, { role: 'admin' });
    const res = await admin.agent.post(`${C}/call/upsert`).send({
      title: '',
      startsAt: '2026-02-30T10:00:00Z',
      durationMinutes: 2,
      joinUrl: 'http://meet.example.com/x',
      repeat: 'daily',
      roles: ['owner'],
      tagIds: [0],
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(
      ['durationMinutes', 'joinUrl', 'repeat', 'roles', 'startsAt', 'tagIds', 'title'].sort(),
    );
    expect(res.body.error.fields.joinUrl).toBe(MESSAGES.callJoinUrlHttps);
    expect(res.body.error.fields.title).toBe(MESSAGES.fieldRequired);

    const until = await admin.agent.post(`${C}/call/upsert`).send(call({ until: '2027-01-01' }));
    expect(until.status).toBe(400);
    expect(until.body.error.fields).toEqual({ until: MESSAGES.callUntilWithoutRepeat });
    const before = await admin.agent.post(`${C}/call/upsert`).send(call({ repeat: 'weekly', until: '2026-11-01' }));
    expect(before.body.error.fields).toEqual({ until: MESSAGES.callUntilBeforeStart });
    const unknownTag = await admin.agent.post(`${C}/call/upsert`).send(call({ tagIds: [999_999] }));
    expect(unknownTag.status).toBe(400);
    expect(unknownTag.body.error.fields).toEqual({ tagIds: MESSAGES.callTagUnknown });

    const member = await calendarActor(t, { role: 'premium' });
    const noRange = await member.agent.get(`${C}/events`);
    expect(noRange.status).toBe(400);
    expect(noRange.body.error.fields).toEqual({ from: MESSAGES.fieldRequired, to: MESSAGES.fieldRequired });
    const tooLong = await member.agent.get(`${C}/events`).query({ from: '2026-01-01', to: '2026-12-31' });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.error.fields)).toEqual(['from']);
    const backwards = await member.agent.get(`${C}/events`).query({ from: '2026-12-31', to: '2026-12-01' });
    expect(backwards.body.error.fields).toEqual({ from: MESSAGES.dateRangeOrder });
    const rsvp = await member.agent.put(`${C}/call/1/rsvp`).send({ going: 'yes' });
    expect(rsvp.status).toBe(400);
    expect(Object.keys(rsvp.body.error.fields)).toEqual(['going']);
  });

  it('shows a call to the roles and tags it names, like a course audience; others get 404 on it', async () => {
    const admin = await calendarActor(t, { role: 'admin' });
    const vip = await createTag(t.knex, 'vip-calls');
    const everyone = await createCall(admin, { title: 'Everyone' });
    const premiumOnly = await createCall(admin, { title: 'Premium', roles: ['premium', 'coach'] });
    const tagged = await createCall(admin, { title: 'VIP', tagIds: [vip.id], roles: ['premium'] });
    const basic = await calendarActor(t, { role: 'basic' });
    const basicVip = await calendarActor(t, { role: 'basic', tags: [vip.id] });
    const premium = await calendarActor(t, { role: 'premium' });
    const coach = await calendarActor(t, { role: 'coach' });
    const titles = async (a: CalendarActor) => (await events(a)).filter((e) => e.kind === 'call').map((e) => e.title);
    expect(await titles(admin)).toEqual(['Everyone', 'Premium', 'VIP']);
    expect(await titles(basic)).toEqual(['Everyone']);
    expect(await titles(basicVip)).toEqual(['Everyone', 'VIP']);
    expect(await titles(premium)).toEqual(['Everyone', 'Premium']);
    expect(await titles(coach)).toEqual(['Everyone', 'Premium']);
    expect((await basic.agent.put(`${C}/call/${premiumOnly}/rsvp`).send({ going: true })).status).toBe(404);
    expect((await basic.agent.put(`${C}/call/${tagged}/rsvp`).send({ going: true })).status).toBe(404);
    expect((await basic.agent.get(`${C}/call/${tagged}`)).status).toBe(404);
    expect((await basicVip.agent.get(`${C}/call/${tagged}`)).status).toBe(200);
    expect((await basic.agent.put(`${C}/call/${everyone}/rsvp`).send({ going: true })).body).toEqual({
      id: everyone,
      going: true,
    });
  });

  it('a member whose subscription is blocked gets 403 like on every member screen', async () => {
    const blocked = await calendarActor(t, { role: 'premium', stripeStatus: 'unpaid' });
    const res = await blocked.agent.get(`${C}/events`).query(DEC);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('subscription_blocked');
  });
});

describe('events', () => {
  it('expands repeating calls into their occurrences in the range, with the RSVP', async () => {
    const admin = await calendarActor(t, { role: 'admin' });
    const weekly = await createCall(admin, { title: 'Weekly', repeat: 'weekly', until: '2026-12-22' });
    await createCall(admin, {
      title: 'Biweekly',
      startsAt: '2026-12-02T18:30:00Z',
      durationMinutes: 45,
      repeat: 'biweekly',
    });
    await createCall(admin, { title: 'Monthly', startsAt: '2026-10-31T09:00:00Z', repeat: 'monthly' });
    await createCall(admin, { title: 'Once', startsAt: '2026-11-30T23:30:00Z', durationMinutes: 60 });
    const member = await calendarActor(t, { role: 'premium' });
    expect((await member.agent.put(`${C}/call/${weekly}/rsvp`).send({ going: true })).status).toBe(200);
    const list = (await events(member)).filter((e) => e.kind === 'call');
    expect(list.map((e) => [e.title, e.startsAt, e.endsAt, e.going])).toEqual(
      [
        // Began the evening before, still on at midnight: it overlaps the range.
        ['Once', '2026-11-30T23:30:00.000Z', '2026-12-01T00:30:00.000Z', undefined],
        ['Biweekly', '2026-12-02T18:30:00.000Z', '2026-12-02T19:15:00.000Z', undefined],
        ['Weekly', '2026-12-07T15:00:00.000Z', '2026-12-07T16:00:00.000Z', true],
        ['Weekly', '2026-12-14T15:00:00.000Z', '2026-12-14T16:00:00.000Z', true],
        ['Biweekly', '2026-12-16T18:30:00.000Z', '2026-12-16T19:15:00.000Z', undefined],
        ['Weekly', '2026-12-21T15:00:00.000Z', '2026-12-21T16:00:00.000Z', true],
        // A monthly call on the 31st skips the months without one (RFC 5545): none in November, one in December.
        ['Monthly', '2026-12-31T09:00:00.000Z', '2026-12-31T10:00:00.000Z', undefined],
        ['Biweekly', '2026-12-30T18:30:00.000Z', '2026-12-30T19:15:00.000Z', undefined],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    expect(list[0]).toEqual({
      id: expect.any(Number),
      kind: 'call',
      title: 'Once',
      startsAt: '2026-11-30T23:30:00.000Z',
      endsAt: '2026-12-01T00:30:00.000Z',
      url: 'https://meet.example.com/abc',
    });
    expect((await member.agent.put(`${C}/call/${weekly}/rsvp`).send({ going: false })).status).toBe(200);
    const after = await events(member, { from: '2026-12-07T00:00:00Z', to: '2026-12-08T00:00:00Z' });
    expect(after).toEqual([expect.objectContaining({ id: weekly, going: false })]);
  });

  it('shows members their own due cards, a coach also their members’, never another member’s', async () => {
    const coach = await calendarActor(t, { role: 'coach', fullName: 'Coach Carla' });
    const mine = await calendarActor(t, { role: 'premium', fullName: 'Mia Member' });
    const other = await calendarActor(t, { role: 'premium', fullName: 'Otto Other' });
    await t.knex('users').where({ id: mine.user.id }).update({ coach_id: coach.user.id });
    const admin = await calendarActor(t, { role: 'admin' });
    const mineCard = await dueCard(t.knex, mine.user.id, 'Launch listing', '2026-12-10T17:00:00Z');
    const otherCard = await dueCard(t.knex, other.user.id, 'Secret plan', '2026-12-11T17:00:00Z');
    const coachCard = await dueCard(t.knex, coach.user.id, 'Prepare call', '2026-12-09T08:00:00Z');
    await dueCard(t.knex, mine.user.id, 'Next year', '2027-02-10T17:00:00Z');
    const cards = async (a: CalendarActor) => (await events(a)).filter((e) => e.kind === 'card');
    expect(await cards(mine)).toEqual([
      {
        id: mineCard,
        kind: 'card',
        title: 'Launch listing',
        startsAt: '2026-12-10T17:00:00.000Z',
        url: `/move-the-needle?card=${mineCard}`,
      },
    ]);
    expect((await cards(other)).map((e) => e.id)).toEqual([otherCard]);
    expect(await cards(coach)).toEqual([
      expect.objectContaining({ id: coachCard, title: 'Prepare call', url: `/move-the-needle?card=${coachCard}` }),
      expect.objectContaining({
        id: mineCard,
        title: 'Launch listing (Mia Member)',
        url: `/move-the-needle/${mine.user.id}?card=${mineCard}`,
      }),
    ]);
    // An admin who coaches nobody sees only their own cards.
    expect(await cards(admin)).toEqual([]);
  });
});

describe('feed', () => {
  it('serves text/calendar without a cookie, parsed by ical.js: events in UTC, RRULE, own cards only', async () => {
    const admin = await calendarActor(t, { role: 'admin' });
    const soon = new Date(Date.now() + 3 * 86_400_000);
    soon.setUTCHours(15, 0, 0, 0);
    const weekly = await createCall(admin, {
      title: 'Weekly; with, commas',
      startsAt: soon.toISOString(),
      repeat: 'biweekly',
    });
    await createCall(admin, { title: 'Hidden', startsAt: soon.toISOString(), roles: ['coach'] });
    await createCall(admin, { title: 'Long ago', startsAt: '2025-01-01T10:00:00Z' });
    const member = await calendarActor(t, { role: 'premium' });
    const other = await calendarActor(t, { role: 'premium' });
    const due = new Date(Date.now() + 5 * 86_400_000);
    due.setUTCSeconds(0, 0);
    const card = await dueCard(t.knex, member.user.id, 'Ship it', due.toISOString());
    await dueCard(t.knex, other.user.id, 'Not yours', due.toISOString());
    await dueCard(t.knex, member.user.id, 'Too far', new Date(Date.now() + 120 * 86_400_000).toISOString());

    const feed = await member.agent.get(`${C}/feed`);
    expect(feed.status).toBe(200);
    const url = new URL(feed.body.url as string);
    expect(url.origin).toBe(t.config.publicUrl);
    expect(url.pathname).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    // The same address on the next read; no usable token in the table.
    expect((await member.agent.get(`${C}/feed`)).body.url).toBe(feed.body.url);
    const token = url.pathname.split('/').pop()!.slice(0, -4);
    const stored = await t.knex('calendar_feeds').where({ user_id: member.user.id }).first();
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await t.request().get(url.pathname);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['set-cookie']).toBeUndefined();
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBeTruthy();
    const vevents = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(vevents.map((e) => e.summary).sort()).toEqual(['Due: Ship it', 'Weekly; with, commas']);
    const callEvent = vevents.find((e) => e.summary.startsWith('Weekly'))!;
    expect(callEvent.uid).toMatch(new RegExp(`^call-${weekly}@`));
    expect(callEvent.startDate.zone?.tzid).toBe('UTC');
    expect(callEvent.startDate.toJSDate().toISOString()).toBe(soon.toISOString());
    expect(callEvent.endDate.toJSDate().getTime() - soon.getTime()).toBe(60 * 60_000);
    expect(callEvent.isRecurring()).toBe(true);
    const rrule = callEvent.component.getFirstPropertyValue('rrule') as ICAL.Recur;
    expect(rrule.freq).toBe('WEEKLY');
    expect(rrule.interval).toBe(2);
    const it = callEvent.iterator();
    const second = it.next() && it.next();
    expect(second.toJSDate().getTime() - soon.getTime()).toBe(14 * 86_400_000);
    expect(text).toContain('DTSTART:');
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    const cardEvent = vevents.find((e) => e.summary === 'Due: Ship it')!;
    expect(cardEvent.startDate.toJSDate().toISOString()).toBe(due.toISOString());
    expect(cardEvent.component.getFirstPropertyValue('url')).toBe(`${t.config.publicUrl}/move-the-needle?card=${card}`);
    // Every line folded to at most 75 octets, CRLF endings (RFC 5545, section 3.1).
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // What /events shows for the same 90 days.
    const shown = await events(member, {
      from: new Date().toISOString(),
      to: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    });
    expect([...new Set(shown.map((e) => e.title))].sort()).toEqual(['Ship it', 'Weekly; with, commas']);
  });

  it('rotating makes the old address 404 and gives a new one; unknown addresses are 404', async () => {
    const member = await calendarActor(t, { role: 'basic' });
    const first = new URL((await member.agent.get(`${C}/feed`)).body.url as string).pathname;
    expect((await t.request().get(first)).status).toBe(200);
    const rotated = await member.agent.post(`${C}/feed/rotate`);
    expect(rotated.status).toBe(200);
    const second = new URL(rotated.body.url as string).pathname;
    expect(second).not.toBe(first);
    expect((await t.request().get(first)).status).toBe(404);
    expect((await t.request().get(second)).status).toBe(200);
    expect(new URL((await member.agent.get(`${C}/feed`)).body.url as string).pathname).toBe(second);
    expect((await t.request().get(`${C}/feed/${'a'.repeat(43)}.ics`)).status).toBe(404);
    expect((await t.request().get(`${C}/feed/nothing`)).status).toBe(404);
  });

  it('a member’s feed never holds another member’s cards; a coach’s holds their members’', async () => {
    const coach = await calendarActor(t, { role: 'coach' });
    const a = await calendarActor(t, { role: 'premium', fullName: 'Ann' });
    const b = await calendarActor(t, { role: 'premium', fullName: 'Ben' });
    await t.knex('users').where({ id: a.user.id }).update({ coach_id: coach.user.id });
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await dueCard(t.knex, a.user.id, 'Ann card', soon);
    await dueCard(t.knex, b.user.id, 'Ben card', soon);
    const summaries = async (x: CalendarActor) => {
      const path = new URL((await x.agent.get(`${C}/feed`)).body.url as string).pathname;
      const cal = new ICAL.Component(ICAL.parse((await t.request().get(path)).text));
      return cal.getAllSubcomponents('vevent').map((v) => String(v.getFirstPropertyValue('summary')));
    };
    expect(await summaries(a)).toEqual(['Due: Ann card']);
    expect(await summaries(b)).toEqual(['Due: Ben card']);
    expect(await summaries(coach)).toEqual(['Due: Ann card (Ann)']);
  });
});
