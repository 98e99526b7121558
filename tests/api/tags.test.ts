import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { ALL_ROLES, createTag, createUser, signIn } from '../helpers/factories';
import { createCourse } from '../helpers/courses';
import type { Role } from '../../shared/src/limits';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function agentFor(role: Role) {
  const user = await createUser(t.knex, { role });
  return signIn(t.agent(), user);
}

describe('tags', () => {
  it('requires authentication for every tag call', async () => {
    const r = t.request();
    expect((await r.get('/api/tag/read-many')).status).toBe(401);
    expect((await r.post('/api/tag/upsert').send({ name: 'x' })).status).toBe(401);
    expect((await r.delete('/api/tag/1')).status).toBe(401);
  });

  it('lets an admin create, rename and delete a tag', async () => {
    const admin = await agentFor('admin');
    const created = await admin.post('/api/tag/upsert').send({ name: 'Mastermind' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ tag: { name: 'Mastermind', openForSignup: false }, isNew: true });
    const id = created.body.tag.id as number;
    const renamed = await admin.post('/api/tag/upsert').send({ id, name: 'Mastermind 2026' });
    expect(renamed.body).toMatchObject({ tag: { id, name: 'Mastermind 2026' }, isNew: false });
    const list = await admin.get('/api/tag/read-many');
    expect(list.body.tags.map((x: { name: string }) => x.name)).toContain('Mastermind 2026');
    expect((await admin.delete(`/api/tag/${id}`)).status).toBe(200);
    expect((await admin.delete(`/api/tag/${id}`)).status).toBe(404);
  });

  it('returns 400 with a field message when the name is empty', async () => {
    const admin = await agentFor('admin');
    const res = await admin.post('/api/tag/upsert').send({ name: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ name: 'This field cannot be empty' });
  });

  it('returns 409 for a duplicate name, case-insensitively', async () => {
    const admin = await agentFor('admin');
    await createTag(t.knex, 'Duplicate');
    const res = await admin.post('/api/tag/upsert').send({ name: 'duplicate' });
    expect(res.status).toBe(409);
    expect(res.body.error.fields.name).toBeTruthy();
  });

  it.each(ALL_ROLES.filter((r) => r !== 'admin'))('returns 403 when a %s manages tags', async (role) => {
    const agent = await agentFor(role);
    const tag = await createTag(t.knex);
    expect((await agent.post('/api/tag/upsert').send({ name: 'nope' })).status).toBe(403);
    expect((await agent.delete(`/api/tag/${tag.id}`)).status).toBe(403);
  });

  it('lets a coach list tags (to edit user tags) but not a member', async () => {
    expect((await (await agentFor('coach')).get('/api/tag/read-many')).status).toBe(200);
    expect((await (await agentFor('premium')).get('/api/tag/read-many')).status).toBe(403);
  });

  it('refuses with 409 to delete a tag that gates a course, module or lesson, and says where', async () => {
    const admin = await agentFor('admin');
    const gate = await createTag(t.knex);
    await createCourse(t.knex, { tags: [gate.id], modules: [{ lessons: [{ tags: [gate.id] }, { tags: [gate.id] }] }] });
    const res = await admin.delete(`/api/tag/${gate.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This tag is required by 1 course and 2 lessons. Remove it there first.');
    expect(await t.knex('tags').where({ id: gate.id }).first()).toBeTruthy();
    await t.knex('course_tags').where({ tag_id: gate.id }).del();
    await t.knex('lesson_tags').where({ tag_id: gate.id }).del();
    expect((await admin.delete(`/api/tag/${gate.id}`)).status).toBe(200);
  });

  it('returns 400, never 500, for a non-numeric id', async () => {
    const admin = await agentFor('admin');
    expect((await admin.delete('/api/tag/abc')).status).toBe(400);
    expect((await admin.post('/api/tag/upsert').send({ id: 'abc', name: 'x' })).status).toBe(400);
  });
});

describe('tag changes and their audit rows', () => {
  it('writes the audit row in the transaction of the change: when it fails, the change is undone', async () => {
    const admin = await agentFor('admin');
    const kept = await admin.post('/api/tag/upsert').send({ name: 'Audited' });
    expect(kept.status).toBe(200);
    const id = kept.body.tag.id as number;
    expect(
      await t
        .knex('audit_log')
        .where({ action: 'tag.create' })
        .whereRaw("details->>'tagId' = ?", [String(id)]),
    ).toHaveLength(1);
    await t.knex.raw(`create function refuse_tag_audit() returns trigger language plpgsql as $$
      begin if new.action like 'tag.%' then raise exception 'audit refused'; end if; return new; end $$`);
    await t.knex.raw(
      'create trigger refuse_tag_audit before insert on audit_log for each row execute function refuse_tag_audit()',
    );
    try {
      expect((await admin.post('/api/tag/upsert').send({ name: 'Never' })).status).toBe(500);
      expect((await admin.post('/api/tag/upsert').send({ id, name: 'Renamed' })).status).toBe(500);
      expect((await admin.delete(`/api/tag/${id}`)).status).toBe(500);
      expect(await t.knex('tags').where({ name: 'Never' })).toHaveLength(0);
      expect(await t.knex('tags').where({ id }).first('name')).toEqual({ name: 'Audited' });
    } finally {
      await t.knex.raw('drop trigger refuse_tag_audit on audit_log');
      await t.knex.raw('drop function refuse_tag_audit()');
    }
  });
});
