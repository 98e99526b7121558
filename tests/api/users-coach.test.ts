import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import type { User } from '../../shared/src/types';
import { actor, type Actor } from './board-fixtures';

/**
 * An admin sets a member's coach on the user form (a coach or an admin, never the
 * member); coaches see it but cannot change it; the User Dashboard filters to "my members" (docs/areas/review.md#a-members-coach).
 */
let t: TestApp;
let admin: Actor;
let coach: Actor;
let otherCoach: Actor;
let member: Actor;
let another: Actor;
let basic: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, { role: 'admin', fullName: 'Ada Admin' });
  coach = await actor(t, { role: 'coach', fullName: 'Cora Coach' });
  otherCoach = await actor(t, { role: 'coach', fullName: 'Otto Coach' });
  member = await actor(t, { role: 'premium', fullName: 'Mia Member' });
  another = await actor(t, { role: 'premium', fullName: 'Ann Another' });
  basic = await actor(t, { role: 'basic' });
});
afterAll(async () => {
  await t.close();
});

const coachIdOf = async (id: number) =>
  (await t.knex('users').where({ id }).first('coach_id')).coach_id as number | null;
const setCoach = (a: Actor, id: number, coachId: unknown) => a.agent.post('/api/user/upsert').send({ id, coachId });

describe('setting a member’s coach (POST /api/user/upsert coachId)', () => {
  it('an admin sets a coach; the user JSON has coachId and, read alone, the coach’s name', async () => {
    const res = await setCoach(admin, member.user.id, coach.user.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ id: member.user.id, coachId: coach.user.id });
    expect(res.body.user.coach).toEqual({ id: coach.user.id, fullName: 'Cora Coach' });
    const read = await admin.agent.get(`/api/user/${member.user.id}`);
    expect(read.body.user).toMatchObject({
      coachId: coach.user.id,
      coach: { id: coach.user.id, fullName: 'Cora Coach' },
    });
    expect(await coachIdOf(member.user.id)).toBe(coach.user.id);
  });

  it('an admin may coach; a member may not, nor the member themselves, nor an unknown id (400 on coachId)', async () => {
    expect((await setCoach(admin, another.user.id, admin.user.id)).status).toBe(200);
    expect(await coachIdOf(another.user.id)).toBe(admin.user.id);
    for (const bad of [basic.user.id, 999_999]) {
      const res = await setCoach(admin, another.user.id, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ coachId: 'Choose a coach or an admin' });
    }
    const self = await setCoach(admin, coach.user.id, coach.user.id);
    expect(self.status).toBe(400);
    expect(self.body.error.fields).toEqual({ coachId: 'A member cannot be their own coach' });
    const junk = await setCoach(admin, another.user.id, 'abc');
    expect(junk.status).toBe(400);
    expect(junk.body.error.fields.coachId).toBe('Please enter a valid value');
    expect(await coachIdOf(another.user.id)).toBe(admin.user.id);
  });

  it('null (No coach) clears it', async () => {
    const res = await setCoach(admin, another.user.id, null);
    expect(res.status).toBe(200);
    expect(res.body.user.coachId).toBeNull();
    expect(await coachIdOf(another.user.id)).toBeNull();
  });

  it('a coach sees a member’s coach but cannot change it; a member cannot set their own', async () => {
    const read = await coach.agent.get(`/api/user/${member.user.id}`);
    expect(read.body.user.coachId).toBe(coach.user.id);
    const res = await setCoach(otherCoach, member.user.id, otherCoach.user.id);
    expect(res.status).toBe(200); // the coach's form changes Tags only: coachId is dropped
    expect(await coachIdOf(member.user.id)).toBe(coach.user.id);
    expect((await setCoach(another, another.user.id, coach.user.id)).status).toBe(200); // own profile fields only
    expect(await coachIdOf(another.user.id)).toBeNull();
  });
});

describe('"My members" (GET /api/user/read-many?coach=)', () => {
  const list = (a: Actor, query: Record<string, string | number>) => a.agent.get('/api/user/read-many').query(query);

  it('a coach lists their own members, each with their coach', async () => {
    const res = await list(coach, { coach: 'mine', role: 'premium' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.users as User[]).map((u) => u.id)).toEqual([member.user.id]);
    expect(res.body.users[0].coach).toEqual({ id: coach.user.id, fullName: 'Cora Coach' });
    expect(res.body.totalCount).toBe(1);
    expect((await list(otherCoach, { coach: 'mine', role: 'premium' })).body.users).toEqual([]);
  });

  it('an admin filters by any coach; a coach only by themselves (403); members never (403)', async () => {
    const byCoach = await list(admin, { coach: coach.user.id });
    expect(byCoach.status).toBe(200);
    expect((byCoach.body.users as User[]).map((u) => u.id)).toEqual([member.user.id]);
    expect((await list(coach, { coach: otherCoach.user.id, role: 'premium' })).status).toBe(403);
    expect((await list(member, { coach: 'mine' })).status).toBe(403);
    expect((await list(basic, { coach: 'mine' })).status).toBe(403);
  });

  it('400 for a filter that is neither mine nor an id', async () => {
    const res = await list(admin, { coach: 'everyone' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.coach).toBe('Choose mine or a coach');
  });
});

describe('Import Users: the coach column (POST /api/user/import)', () => {
  const importCsv = (csv: string) => admin.agent.post('/api/user/import').attach('file', Buffer.from(csv), 'users.csv');

  it('sets the coach of new and existing users by the coach’s email (any case); an empty cell keeps it', async () => {
    const fresh = `fresh-${Date.now()}@example.test`;
    const csv = [
      'email,fullName,coach',
      `${fresh},Fay Fresh,${coach.user.email.toUpperCase()}`,
      `${another.user.email},,${otherCoach.user.email}`,
      `${member.user.email},,`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = await t.knex('users').whereRaw('lower(email) = ?', [fresh]).first('coach_id');
    expect(created.coach_id).toBe(coach.user.id);
    expect(await coachIdOf(another.user.id)).toBe(otherCoach.user.id);
    expect(await coachIdOf(member.user.id)).toBe(coach.user.id);
  });

  it('an unknown coach email, a member’s email or the member themselves is that row’s error; nothing is imported', async () => {
    const fresh = `nobody-${Date.now()}@example.test`;
    const csv = [
      'email,fullName,coach',
      `${fresh},Ned New,${coach.user.email}`,
      `${member.user.email},,nobody@example.test`,
      `${another.user.email},,${basic.user.email}`,
      `${coach.user.email},,${coach.user.email}`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(400);
    const message = res.body.error.message as string;
    expect(message).toContain('Row 3: No coach or admin has this email: nobody@example.test');
    expect(message).toContain(`Row 4: No coach or admin has this email: ${basic.user.email}`);
    expect(message).toContain('Row 5: A member cannot be their own coach');
    expect(await t.knex('users').whereRaw('lower(email) = ?', [fresh]).first()).toBeUndefined();
    expect(await coachIdOf(another.user.id)).toBe(otherCoach.user.id);
  });
});

describe('GET /api/user/coaches (the Coach select)', () => {
  it('lists coaches and admins by name for admins; 403 for coaches and members; 401 without a session', async () => {
    const res = await admin.agent.get('/api/user/coaches');
    expect(res.status).toBe(200);
    const ids = (res.body.coaches as Array<{ id: number }>).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([admin.user.id, coach.user.id, otherCoach.user.id]));
    expect(ids).not.toContain(member.user.id);
    expect(res.body.coaches.find((c: { id: number }) => c.id === coach.user.id)).toEqual({
      id: coach.user.id,
      fullName: 'Cora Coach',
      role: 'coach',
    });
    for (const a of [coach, member, basic]) expect((await a.agent.get('/api/user/coaches')).status).toBe(403);
    expect((await t.agent().get('/api/user/coaches')).status).toBe(401);
  });
});

describe('Update Users Tags/Status: the coach column (PUT /api/user/bulk-update coaches)', () => {
  const bulk = (body: object) => admin.agent.put('/api/user/bulk-update').send(body);

  it('sets each member’s coach by email (an empty cell clears it) in the one transaction, audited', async () => {
    const res = await bulk({
      userEmails: [member.user.email, another.user.email],
      coaches: [
        { email: member.user.email.toUpperCase(), coach: otherCoach.user.email },
        { email: another.user.email, coach: '' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await coachIdOf(member.user.id)).toBe(otherCoach.user.id);
    expect(await coachIdOf(another.user.id)).toBeNull();
    const audit = await t
      .knex('audit_log')
      .where({ action: 'user.bulk-update', target_user_id: member.user.id })
      .orderBy('id', 'desc')
      .first();
    expect(audit.details.fields).toContain('coachId');
  });

  it('an unknown coach email or a member’s own refuses the whole call (400 on coaches), nothing changes', async () => {
    for (const [email, coachEmail, message] of [
      [member.user.email, basic.user.email, `No coach or admin has this email: ${basic.user.email}`],
      [coach.user.email, coach.user.email, 'A member cannot be their own coach'],
    ] as const) {
      const res = await bulk({
        userEmails: [member.user.email, coach.user.email],
        role: 'premium',
        coaches: [
          { email: another.user.email, coach: coach.user.email },
          { email, coach: coachEmail },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ coaches: message });
    }
    expect(await coachIdOf(member.user.id)).toBe(otherCoach.user.id);
    expect((await t.knex('users').where({ id: coach.user.id }).first('role')).role).toBe('coach');
  });

  it('a coach column alone is something to do; coaches cannot bulk update', async () => {
    const res = await bulk({
      userEmails: [member.user.email],
      coaches: [{ email: member.user.email, coach: coach.user.email }],
    });
    expect(res.status).toBe(200);
    expect(await coachIdOf(member.user.id)).toBe(coach.user.id);
    const refused = await coach.agent
      .put('/api/user/bulk-update')
      .send({ userEmails: [member.user.email], coaches: [{ email: member.user.email, coach: '' }] });
    expect(refused.status).toBe(403);
    expect(await coachIdOf(member.user.id)).toBe(coach.user.id);
  });
});
