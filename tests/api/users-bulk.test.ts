import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn, type UserFactoryInput } from '../helpers/factories';
import { countQueries, injectFault, usersTableHash } from '../helpers/users-admin';
import type { Role } from '../../shared/src/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const uniqueEmail = (prefix = 'u') => `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;
async function admin() {
  const user = await createUser(t.knex, { role: 'admin' });
  return { user, agent: await signIn(t.agent(), user) };
}
const members = async (n: number, extra: UserFactoryInput = {}) => {
  const out = [];
  for (let i = 0; i < n; i += 1) out.push(await createUser(t.knex, { email: uniqueEmail('m'), ...extra }));
  return out;
};
const tagsOf = async (id: number) =>
  ((await t.knex('user_tags').where({ user_id: id }).orderBy('tag_id')) as Array<{ tag_id: number }>).map(
    (r) => r.tag_id,
  );
const roleOf = async (id: number) => ((await t.knex('users').where({ id }).first()) as { role: Role }).role;

describe('PUT /api/user/validate-users-csv (the bulk CSV report)', () => {
  it('groups the emails into found, not found and duplicates, case-insensitively', async () => {
    const { agent } = await admin();
    const [a, b] = await members(2);
    const missing = uniqueEmail('missing');
    const res = await agent.put('/api/user/validate-users-csv').send({
      userEmails: [a!.email.toUpperCase(), ` ${b!.email} `, missing, a!.email, '', missing.toUpperCase()],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      found: [a!.email, b!.email],
      notFound: [missing],
      duplicates: [a!.email.toUpperCase(), missing],
    });
  });

  it('answers 400 for no emails, too many emails, or non-string emails', async () => {
    const { agent } = await admin();
    for (const body of [
      {},
      { userEmails: [] },
      { userEmails: ['', '  '] },
      { userEmails: 'a@b.c' },
      { userEmails: [{}] },
      { userEmails: ['nul\u0000@example.test'] },
    ]) {
      const res = await agent.put('/api/user/validate-users-csv').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const many = Array.from({ length: 10_001 }, (_, i) => `x${i}@example.test`);
    const res = await agent.put('/api/user/validate-users-csv').send({ userEmails: many });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.userEmails).toBe('A CSV may list at most 10000 emails');
  });

  it('runs the same number of queries for 3 and for 300 emails', async () => {
    const { agent } = await admin();
    const few = (await members(3)).map((m) => m.email);
    const many = [...few, ...Array.from({ length: 297 }, (_, i) => `nobody${i}@example.test`)];
    const small = await countQueries(t.knex, () => agent.put('/api/user/validate-users-csv').send({ userEmails: few }));
    const large = await countQueries(t.knex, () =>
      agent.put('/api/user/validate-users-csv').send({ userEmails: many }),
    );
    expect(large.result.body.found).toHaveLength(3);
    expect(large.queries.length).toBe(small.queries.length);
  });
});

describe('PUT /api/user/bulk-update', () => {
  it('adds tags to every account of the CSV, ignoring unknown emails, and says Updated users sucessfully', async () => {
    const { user: me, agent } = await admin();
    const [x, y] = [await createTag(t.knex), await createTag(t.knex)];
    const [a, b] = await members(2, { tags: [] });
    await t.knex('user_tags').insert({ user_id: a!.id, tag_id: x.id });
    const missing = uniqueEmail('missing');
    const res = await agent.put('/api/user/bulk-update').send({
      userEmails: [a!.email, b!.email.toUpperCase(), missing],
      tags: [x.id, y.id],
      availableAction: 'add',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Updated users sucessfully',
      updated: 2,
      notFound: [missing],
      roleUnchanged: [],
    });
    expect(await tagsOf(a!.id)).toEqual([x.id, y.id].sort((p, q) => p - q));
    expect(await tagsOf(b!.id)).toEqual([x.id, y.id].sort((p, q) => p - q));
    const audits = await t.knex('audit_log').where({ actor_id: me.id, action: 'user.bulk-update' });
    expect(audits).toHaveLength(2);
  });

  it('removes tags, leaving other tags alone', async () => {
    const { agent } = await admin();
    const [x, y, z] = [await createTag(t.knex), await createTag(t.knex), await createTag(t.knex)];
    const [a] = await members(1, { tags: [] });
    await t.knex('user_tags').insert([x, y, z].map((tag) => ({ user_id: a!.id, tag_id: tag.id })));
    const res = await agent
      .put('/api/user/bulk-update')
      .send({ userEmails: [a!.email], tags: [{ id: x.id }, { id: z.id }], availableAction: 'remove' });
    expect(res.status).toBe(200);
    expect(await tagsOf(a!.id)).toEqual([y.id]);
  });

  it('sets the status role of members but leaves staff roles alone, reporting them', async () => {
    const { agent } = await admin();
    const [basic] = await members(1, { role: 'basic' });
    const [courseOnly] = await members(1, { role: 'course only' });
    const [coach] = await members(1, { role: 'coach' });
    const [otherAdmin] = await members(1, { role: 'admin' });
    const res = await agent.put('/api/user/bulk-update').send({
      userEmails: [basic!.email, courseOnly!.email, coach!.email, otherAdmin!.email],
      role: 'premium',
      availableAction: '',
      tags: [],
    });
    expect(res.status).toBe(200);
    expect(res.body.roleUnchanged.sort()).toEqual([coach!.email, otherAdmin!.email].sort());
    expect(await roleOf(basic!.id)).toBe('premium');
    expect(await roleOf(courseOnly!.id)).toBe('premium');
    expect(await roleOf(coach!.id)).toBe('coach');
    expect(await roleOf(otherAdmin!.id)).toBe('admin');
  });

  it('does tags and status together', async () => {
    const { agent } = await admin();
    const x = await createTag(t.knex);
    const [a] = await members(1, { role: 'premium' });
    const res = await agent
      .put('/api/user/bulk-update')
      .send({ userEmails: [a!.email], tags: [x.id], availableAction: 'add', role: 'basic' });
    expect(res.status).toBe(200);
    expect(await roleOf(a!.id)).toBe('basic');
    expect(await tagsOf(a!.id)).toEqual([x.id]);
  });

  it('answers 400 for nothing to do, tags missing for an action, unknown tags or bad values, changing nothing', async () => {
    const { agent } = await admin();
    const [a] = await members(1);
    const before = await usersTableHash(t.knex);
    const cases: Array<[object, string]> = [
      [{ userEmails: [a!.email] }, 'availableAction'],
      [{ userEmails: [a!.email], availableAction: 'add', tags: [] }, 'tags'],
      [{ userEmails: [a!.email], availableAction: 'add', tags: [987654] }, 'tags'],
      [{ userEmails: [a!.email], availableAction: 'replace', tags: [1] }, 'availableAction'],
      [{ userEmails: [a!.email], role: 'admin' }, 'role'],
      [{ userEmails: [a!.email], role: 'coach' }, 'role'],
      [{ userEmails: [], role: 'basic' }, 'userEmails'],
      [{ userEmails: [a!.email], role: 'basic', tags: 'all' }, 'tags'],
    ];
    for (const [body, field] of cases) {
      const res = await agent.put('/api/user/bulk-update').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('changes no row at all when the database fails at the k-th user (one transaction)', async () => {
    const { agent } = await admin();
    const x = await createTag(t.knex);
    const list = await members(6, { role: 'basic' });
    const before = await usersTableHash(t.knex);
    // The fault hits the tag link of the 4th user, after the first three were linked.
    const remove = await injectFault(t.knex, 'user_tags', 'user_id', list[3]!.id);
    try {
      const res = await agent
        .put('/api/user/bulk-update')
        .send({ userEmails: list.map((u) => u.email), tags: [x.id], availableAction: 'add', role: 'premium' });
      expect(res.status).toBe(500);
      expect(res.body.error.message).toBe('Internal server error');
    } finally {
      await remove();
    }
    expect(await usersTableHash(t.knex)).toBe(before);
    // And a fault in the role step, after the tags were added, also undoes the tags.
    const removeRole = await injectFault(t.knex, 'users', 'id', list[4]!.id);
    try {
      const res = await agent
        .put('/api/user/bulk-update')
        .send({ userEmails: list.map((u) => u.email), tags: [x.id], availableAction: 'add', role: 'premium' });
      expect(res.status).toBe(500);
    } finally {
      await removeRole();
    }
    expect(await usersTableHash(t.knex)).toBe(before);
  });

  it('stays consistent when two bulk updates run at once', async () => {
    const { agent } = await admin();
    const second = await admin();
    const [x, y] = [await createTag(t.knex), await createTag(t.knex)];
    const list = await members(20, { role: 'basic' });
    const emails = list.map((u) => u.email);
    const [r1, r2] = await Promise.all([
      agent
        .put('/api/user/bulk-update')
        .send({ userEmails: emails, tags: [x.id], availableAction: 'add', role: 'premium' }),
      second.agent
        .put('/api/user/bulk-update')
        .send({ userEmails: [...emails].reverse(), tags: [y.id], availableAction: 'add' }),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    for (const u of list) {
      expect(await tagsOf(u.id)).toEqual([x.id, y.id].sort((p, q) => p - q));
      expect(await roleOf(u.id)).toBe('premium');
    }
  });

  it('runs the same number of queries for 2 and for 200 users (set-based, no N+1)', async () => {
    const { agent } = await admin();
    const x = await createTag(t.knex);
    const list = await members(200);
    const run = (emails: string[]) =>
      countQueries(t.knex, () =>
        agent
          .put('/api/user/bulk-update')
          .send({ userEmails: emails, tags: [x.id], availableAction: 'add', role: 'premium' }),
      );
    const small = await run(list.slice(0, 2).map((u) => u.email));
    const large = await run(list.map((u) => u.email));
    expect(large.result.body.updated).toBe(200);
    expect(large.queries.length).toBe(small.queries.length);
  });
});
