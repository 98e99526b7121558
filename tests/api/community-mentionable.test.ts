import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMUNITY_LIMITS } from '../../shared/src/schemas/community';
import { canSeeSpace, type Principal } from '../../shared/src/policies';
import type { Role } from '../../shared/src/limits';
import type { CommunityAuthor, CommunitySpace } from '../../shared/src/types/community';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTag, createUser, signIn, type CreatedUser, type UserFactoryInput } from '../helpers/factories';

/**
 * GET /api/community/space/:id/mentionable?q= (docs/areas/community.md#mentions): the members the
 * composer's @ picker offers are exactly those who may see the space (the shared canSeeSpace), never
 * the caller, matched by the start of any word of the name, by name, at most 10.
 */

let t: TestApp;

interface Actor {
  user: CreatedUser;
  input: UserFactoryInput;
  agent: supertest.Agent;
}

async function actor(input: UserFactoryInput): Promise<Actor> {
  const user = await createUser(t.knex, input);
  return { user, input, agent: await signIn(t.agent(), user) };
}

let admin: Actor;
let people: Actor[];
let vip: { id: number; name: string };
let wins: number;

async function mentionable(a: Actor, spaceId: number, q?: string): Promise<CommunityAuthor[]> {
  const res = await a.agent.get(`/api/community/space/${spaceId}/mentionable`).query(q === undefined ? {} : { q });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { members: CommunityAuthor[] }).members;
}

async function saveSpace(body: Record<string, unknown>): Promise<CommunitySpace> {
  const res = await admin.agent.post('/api/community/space/upsert').send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { space: CommunitySpace }).space;
}

const principal = (a: Actor): Principal =>
  ({
    id: a.user.id,
    role: a.input.role ?? 'basic',
    Tags: (a.input.tags ?? []).map((id) => ({ id, name: '' })),
  }) as unknown as Principal;

beforeAll(async () => {
  t = await createTestApp();
  vip = await createTag(t.knex, 'mention-vip');
  admin = await actor({ role: 'admin', isAdmin: true, fullName: 'Quill Admin' });
  const inputs: UserFactoryInput[] = [
    { role: 'coach', fullName: 'Quill Coach' },
    { role: 'premium', fullName: 'Quill Premium', tags: [vip.id] },
    { role: 'premium', fullName: 'Quentin Quill' },
    { role: 'basic', fullName: 'quill basic', tags: [vip.id] },
    { role: 'basic', fullName: 'Bea Quillon' },
    { role: 'course only', fullName: 'Quill Course' },
    { role: 'premium', fullName: 'Ann 100%_Quill' },
  ];
  people = [];
  for (const input of inputs) people.push(await actor(input));
  const res = await admin.agent.get('/api/community/spaces');
  wins = (res.body as { spaces: CommunitySpace[] }).spaces.find((s) => s.name === 'Wins')!.id;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/community/space/:id/mentionable', () => {
  it('asks for a session, a known space the caller sees and a short q', async () => {
    expect((await t.request().get(`/api/community/space/${wins}/mentionable`)).status).toBe(401);
    expect((await admin.agent.get('/api/community/space/999999/mentionable')).status).toBe(404);
    const long = await admin.agent
      .get(`/api/community/space/${wins}/mentionable`)
      .query({ q: 'x'.repeat(COMMUNITY_LIMITS.mentionQueryMax + 1) });
    expect(long.status).toBe(400);
    const closed = await saveSpace({ name: 'Coaches only', roles: ['coach'] });
    const basic = people.find((p) => p.input.role === 'basic')!;
    expect((await basic.agent.get(`/api/community/space/${closed.id}/mentionable`)).status).toBe(404);
  });

  it('matches the start of any word of the name, any case, by name, never the caller', async () => {
    const coach = people[0]!;
    const names = (await mentionable(coach, wins, 'qui')).map((m) => m.fullName);
    // "Bea Quillon" by its second word, "quill basic" in any case; the caller (Quill Coach) left out;
    // "Ann 100%_Quill" does not start a word with "qui" ("100%_Quill" is one word).
    expect(names).toEqual([
      'Bea Quillon',
      'Quentin Quill',
      'Quill Admin',
      'quill basic',
      'Quill Course',
      'Quill Premium',
    ]);
    expect(await mentionable(coach, wins, 'QUENTIN q')).toMatchObject([
      { id: people[2]!.user.id, fullName: 'Quentin Quill', avatar: null },
    ]);
    // LIKE's wildcards are literal characters.
    expect((await mentionable(coach, wins, '100%')).map((m) => m.fullName)).toEqual(['Ann 100%_Quill']);
    expect(await mentionable(coach, wins, '%')).toEqual([]);
    expect(await mentionable(coach, wins, '_uill')).toEqual([]);
  });

  it('lists at most 10, the first by name when nothing is typed', async () => {
    for (let i = 0; i < 12; i += 1) await createUser(t.knex, { role: 'basic', fullName: `Aaron Many ${i + 10}` });
    const first = await mentionable(admin, wins);
    expect(first).toHaveLength(COMMUNITY_LIMITS.mentionableMax);
    expect(first.every((m) => m.fullName.startsWith('Aaron Many'))).toBe(true);
    expect(await mentionable(admin, wins, 'many')).toHaveLength(10);
  });

  it('offers exactly the members who may see the space (the shared canSeeSpace), by role and tag', async () => {
    const cases: Array<{ roles: Role[]; tagIds: number[] }> = [
      { roles: ['premium'], tagIds: [] },
      { roles: [], tagIds: [vip.id] },
      { roles: ['premium', 'basic'], tagIds: [vip.id] },
    ];
    for (const [i, rules] of cases.entries()) {
      const space = await saveSpace({ name: `Mention space ${i}`, ...rules });
      const everyone = [admin, ...people];
      const expected = everyone
        .filter((p) => p !== admin && canSeeSpace(principal(p), { ...rules, postingRoles: [] }))
        .map((p) => p.input.fullName)
        .sort();
      const listed = (await mentionable(admin, space.id, 'quill')).map((m) => m.fullName);
      const wanted = expected.filter((n) => /(^| )quill/i.test(n!));
      expect([...listed].sort(), JSON.stringify(rules)).toEqual(wanted);
      // Coaches always; a member without the role or the tag never.
      expect(listed).toContain('Quill Coach');
      expect(listed).not.toContain('Quill Course');
    }
  });
});
