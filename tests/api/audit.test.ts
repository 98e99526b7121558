import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { fillMessage, MESSAGES } from '../../shared/src/messages';
import { dateWindow } from '../../shared/src/schemas/dates';
import { AUDIT_ACTIONS, AUDIT_REDACTED, type AuditLogResponse } from '../../shared/src/types/audit';
import { auditCsvStream } from '../../api/src/features/audit/export';
import { readAuditLog } from '../../api/src/features/audit/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { countQueries } from '../helpers/courses';
import { createUser, signIn, type CreatedUser } from '../helpers/factories';

/**
 * The audit log, GET /api/audit/read-many and /api/audit/export (role admin only),
 * on both databases (docs/areas/audit.md). Rows are written by real admin calls and, for dates and edge cases, directly.
 */
const READ = '/api/audit/read-many';
const EXPORT = '/api/audit/export';

let t: TestApp;
let admin: CreatedUser;
let adminAgent: supertest.Agent;
let ada: CreatedUser; // an actor with a distinctive name
let member: CreatedUser; // the target of the role change
let formula: CreatedUser; // a name a spreadsheet would run
const seeded: Record<string, number> = {};

async function row(
  key: string,
  values: { actor?: number | null; action: string; target?: number | null; details?: object; at: string; ip?: string },
): Promise<void> {
  const [r] = await t
    .knex('audit_log')
    .insert({
      actor_id: values.actor ?? null,
      action: values.action,
      target_user_id: values.target ?? null,
      details: JSON.stringify(values.details ?? {}),
      ip: values.ip ?? '10.0.0.1',
      created_at: new Date(values.at),
    })
    .returning<Array<{ id: number }>>('id');
  seeded[key] = Number(r!.id);
}

const read = async (query: Record<string, string | number> = {}) => {
  const res = await adminAgent.get(READ).query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as AuditLogResponse;
};
const idsOf = (body: AuditLogResponse) => body.entries.map((e) => e.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.knex, { role: 'admin', fullName: 'Root Admin', email: 'root@audit.test' });
  adminAgent = await signIn(t.agent(), admin);
  ada = await createUser(t.knex, { role: 'admin', fullName: 'Ada Lovelace', email: 'ada@engine.test' });
  member = await createUser(t.knex, { role: 'basic', fullName: 'Mia Member', email: 'mia@audit.test' });
  formula = await createUser(t.knex, { role: 'admin', fullName: '=HYPERLINK("x")', email: 'formula@audit.test' });
  // Old rows at known times (2025), before anything the API writes now.
  await row('adaTag', {
    actor: ada.id,
    action: 'tag.create',
    details: { tagId: 1, name: 'VIP' },
    at: '2025-03-01T10:00:00Z',
  });
  await row('adaSetting', {
    actor: ada.id,
    action: 'setting.update',
    details: { key: 'communityUrl', from: 'https://a.test', to: 'https://b.test' },
    at: '2025-03-02T23:30:00Z',
  });
  await row('formula', { actor: formula.id, action: 'tag.delete', details: { tagId: 2 }, at: '2025-03-03T08:00:00Z' });
  await row('secret', {
    actor: ada.id,
    action: 'user.update',
    target: member.id,
    details: { fields: ['password'], password: 'hunter2', nested: { apiToken: 'abc', kept: 1 } },
    at: '2025-03-04T12:00:00Z',
  });
});
afterAll(async () => {
  await t.close();
});

describe('who may read the audit log', () => {
  it('401 without a session', async () => {
    expect((await t.agent().get(READ)).status).toBe(401);
    expect((await t.agent().get(EXPORT)).status).toBe(401);
  });

  it('403 for every role but admin: basic, premium, course only, coach, and an admin switched to basic', async () => {
    const others = [
      await createUser(t.knex, { role: 'basic' }),
      await createUser(t.knex, { role: 'premium' }),
      await createUser(t.knex, { role: 'course only' }),
      await createUser(t.knex, { role: 'coach' }),
      await createUser(t.knex, { role: 'basic', isAdmin: true }),
    ];
    for (const u of others) {
      const agent = await signIn(t.agent(), u);
      const list = await agent.get(READ);
      expect(list.status, u.role).toBe(403);
      expect(list.body.error.message).toBe(MESSAGES.forbidden);
      expect((await agent.get(EXPORT)).status, u.role).toBe(403);
    }
    // A refused export wrote nothing.
    expect(await t.knex('audit_log').where({ action: 'audit.export' }).count('* as n').first()).toMatchObject({ n: 0 });
  });

  it('200 for an admin', async () => {
    const body = await read();
    expect(body.total).toBeGreaterThanOrEqual(4);
  });
});

describe('GET /api/audit/read-many', () => {
  it('finds a role change an admin made, with its actor, target and details', async () => {
    const res = await adminAgent.post('/api/user/upgrade-role').send({ users: [member.id], newRole: 'premium' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = await read({ action: 'user.upgrade-role' });
    expect(body.total).toBe(1);
    const entry = body.entries[0]!;
    expect(entry).toMatchObject({
      action: 'user.upgrade-role',
      actor: { id: admin.id, fullName: 'Root Admin', email: 'root@audit.test' },
      target: { id: member.id, fullName: 'Mia Member', email: 'mia@audit.test' },
      details: { fields: ['role'], from: 'basic', to: 'premium' },
    });
    expect(typeof entry.ip).toBe('string');
    expect(Date.parse(entry.createdAt)).toBeGreaterThan(Date.parse('2026-01-01T00:00:00Z'));
  });

  it('lists newest first, paged, with the total', async () => {
    const all = await read({ itemsPerPage: 100 });
    const times = all.entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const p1 = await read({ itemsPerPage: 2, page: 1 });
    const p2 = await read({ itemsPerPage: 2, page: 2 });
    expect(p1.total).toBe(all.total);
    expect([...idsOf(p1), ...idsOf(p2)]).toEqual(idsOf(all).slice(0, 4));
    const past = await read({ itemsPerPage: 2, page: 1000 });
    expect(past).toEqual({ entries: [], total: all.total });
  });

  it('filters by actor: an id, part of a name, part of an email (wildcards taken literally)', async () => {
    const mine = [seeded.secret, seeded.adaSetting, seeded.adaTag];
    expect(idsOf(await read({ actor: String(ada.id) }))).toEqual(mine);
    expect(idsOf(await read({ actor: 'lovel' }))).toEqual(mine);
    expect(idsOf(await read({ actor: 'ENGINE.test' }))).toEqual(mine);
    expect((await read({ actor: '%' })).total).toBe(0);
    expect((await read({ actor: 'nobody-here' })).total).toBe(0);
  });

  it('filters by action, target and both', async () => {
    expect(idsOf(await read({ action: 'tag.delete' }))).toEqual([seeded.formula]);
    const onMember = await read({ target: 'mia@' });
    expect(onMember.entries.map((e) => e.action).sort()).toEqual(['user.update', 'user.upgrade-role']);
    expect(idsOf(await read({ target: String(member.id), action: 'user.update' }))).toEqual([seeded.secret]);
    expect(idsOf(await read({ actor: 'ada', action: 'tag.create' }))).toEqual([seeded.adaTag]);
  });

  it('filters by date: days are whole UTC days, instants are exact (to exclusive)', async () => {
    expect(idsOf(await read({ from: '2025-03-01', to: '2025-03-02' }))).toEqual([seeded.adaSetting, seeded.adaTag]);
    expect(idsOf(await read({ from: '2025-03-02', to: '2025-03-02' }))).toEqual([seeded.adaSetting]);
    expect(idsOf(await read({ from: '2025-03-03T08:00:00Z', to: '2025-03-04T12:00:00Z' }))).toEqual([seeded.formula]);
    expect(idsOf(await read({ to: '2025-03-01T10:00:00.001Z' }))).toEqual([seeded.adaTag]);
    expect(idsOf(await read({ from: '2025-03-03T09:00:00+01:00', to: '2025-03-03' }))).toEqual([seeded.formula]);
  });

  it('400 with the field for an unknown action, a bad date, a reversed range or bad paging', async () => {
    const bad = async (query: Record<string, string | number>, field: string, message?: string) => {
      const res = await adminAgent.get(READ).query(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.fields[field], JSON.stringify(res.body)).toBe(message ?? res.body.error.fields[field]);
      expect(res.body.error.fields[field]).toBeTruthy();
    };
    await bad({ action: 'user.destroy' }, 'action', MESSAGES.auditUnknownAction);
    await bad({ from: 'yesterday' }, 'from', MESSAGES.dateTimeInvalid);
    await bad({ to: '2025-02-30' }, 'to', MESSAGES.dateTimeInvalid);
    await bad({ to: '2025-02-30T10:00:00Z' }, 'to', MESSAGES.dateTimeInvalid);
    await bad({ from: '2025-03-02', to: '2025-03-01' }, 'from', MESSAGES.dateRangeOrder);
    await bad({ page: 0 }, 'page');
    await bad({ itemsPerPage: 101 }, 'itemsPerPage');
    await bad({ actor: 'x'.repeat(201) }, 'actor');
    // A repeated parameter is a list, not a string: still a 400, never a 500.
    for (const query of ['actor=a&actor=b', 'action=tag.create&action=tag.delete', 'from=2025-01-01&from=2025-01-02']) {
      const twice = await adminAgent.get(`${READ}?${query}`);
      expect(twice.status, query).toBe(400);
      expect(twice.body.error.fields[query.split('=')[0]!], query).toBeTruthy();
    }
  });

  it('400, never a 500, for a date outside 2000-01-01 .. a year from today or a range over 3 years (read and export)', async () => {
    const outside = fillMessage(MESSAGES.dateOutsideWindow, dateWindow());
    const tooLong = fillMessage(MESSAGES.dateRangeTooLong, { max: '1,096' });
    for (const path of [READ, EXPORT]) {
      for (const [query, field, message] of [
        [{ to: '9999-12-31' }, 'to', outside],
        [{ from: '9999-12-25', to: '9999-12-31' }, 'from', outside],
        [{ to: '9999-12-31T23:00:00Z' }, 'to', outside],
        [{ from: '1999-12-31' }, 'from', outside],
        [{ from: '2020-01-01', to: '2023-01-02' }, 'from', tooLong],
        [{ from: '2025-03-02', to: '2025-03-01' }, 'from', MESSAGES.dateRangeOrder],
        [{ to: '2025-02-29' }, 'to', MESSAGES.dateTimeInvalid],
      ] as const) {
        const res = await adminAgent.get(path).query(query);
        expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.body.error.fields[field], `${path} ${JSON.stringify(query)}`).toBe(message);
      }
    }
    // Three years, an open end, the window's first and last days: answered.
    for (const query of [{ from: '2020-01-01', to: '2022-12-31' }, { from: '2000-01-01' }, { to: dateWindow().max }]) {
      expect((await adminAgent.get(READ).query(query)).status, JSON.stringify(query)).toBe(200);
    }
  });

  it('never shows a secret-looking value in details; field names stay', async () => {
    const entry = (await read({ action: 'user.update', target: String(member.id) })).entries[0]!;
    expect(entry.details).toEqual({
      fields: ['password'],
      password: AUDIT_REDACTED,
      nested: { apiToken: AUDIT_REDACTED, kept: 1 },
    });
  });

  it('an actor deleted since shows as null, the entry stays', async () => {
    const gone = await createUser(t.knex, { role: 'admin', fullName: 'Gone Admin' });
    await row('gone', {
      actor: gone.id,
      action: 'banner.delete',
      details: { type: 'basic' },
      at: '2025-01-01T00:00:00Z',
    });
    await t.knex('users').where({ id: gone.id }).del();
    const entry = (await read({ action: 'banner.delete' })).entries[0]!;
    expect(entry.id).toBe(seeded.gone);
    expect(entry.actor).toBeNull();
  });

  it('reads a page in one query plus the count, whatever the page size', async () => {
    const query = { page: 1, itemsPerPage: 100, actor: 'ada' };
    expect(await countQueries(t.knex, () => readAuditLog(t.knex, query))).toBe(2);
  });

  it('every action the API writes is in the shared list (no stored action outside it)', async () => {
    const stored: Array<{ action: string }> = await t.knex('audit_log').distinct('action');
    for (const { action } of stored) expect(AUDIT_ACTIONS as readonly string[]).toContain(action);
  });
});

describe('GET /api/audit/export', () => {
  const parse = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

  it('streams the filtered entries as CSV, newest first, formula-safe, and audits the export', async () => {
    const res = await adminAgent.get(EXPORT).query({ from: '2025-03-01', to: '2025-03-31' }).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log.csv"');
    expect(res.headers['x-total-count']).toBe('4');
    const rows = parse(res.text);
    expect(rows[0]).toEqual([
      'id',
      'createdAt',
      'action',
      'actionName',
      'actorId',
      'actorName',
      'actorEmail',
      'targetId',
      'targetName',
      'targetEmail',
      'ip',
      'details',
    ]);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual([
      seeded.secret,
      seeded.formula,
      seeded.adaSetting,
      seeded.adaTag,
    ]);
    const formulaRow = rows.find((r) => Number(r[0]) === seeded.formula)!;
    expect(formulaRow[5]).toBe(`'=HYPERLINK("x")`);
    expect(formulaRow[3]).toBe('Tag deleted');
    const secretRow = rows.find((r) => Number(r[0]) === seeded.secret)!;
    expect(secretRow[11]).not.toContain('hunter2');
    expect(JSON.parse(secretRow[11]!)).toMatchObject({ password: AUDIT_REDACTED });

    const audited = (await read({ action: 'audit.export' })).entries[0]!;
    expect(audited.actor?.id).toBe(admin.id);
    expect(audited.details).toEqual({ entries: 4, filters: { from: '2025-03-01', to: '2025-03-31' } });
  });

  it('takes the same filters (400 for a bad one, nothing audited)', async () => {
    const before = (await read({ action: 'audit.export' })).total;
    const res = await adminAgent.get(EXPORT).query({ action: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.action).toBe(MESSAGES.auditUnknownAction);
    expect((await read({ action: 'audit.export' })).total).toBe(before);
    const one = await adminAgent
      .get(EXPORT)
      .query({ action: 'tag.create', actor: String(ada.id) })
      .buffer(true);
    expect(
      parse(one.text)
        .slice(1)
        .map((r) => Number(r[0])),
    ).toEqual([seeded.adaTag]);
  });

  it('keyset batches keep every row once, ties on created_at included', async () => {
    const at = '2024-06-01T00:00:00.123456Z';
    for (let i = 0; i < 5; i += 1) await row(`tie${i}`, { actor: ada.id, action: 'lesson.delete', at });
    let text = '';
    for await (const chunk of auditCsvStream(t.knex, { action: 'lesson.delete' }, 2)) text += String(chunk);
    const ids = parse(text)
      .slice(1)
      .map((r) => Number(r[0]));
    expect(ids).toEqual([4, 3, 2, 1, 0].map((i) => seeded[`tie${i}`]));
  });
});
