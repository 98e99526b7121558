import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn, type CreatedUser } from '../helpers/factories';
import { BLOCKED_STRIPE_STATUSES, type Role } from '../../shared/src/limits';
import { isSubscriptionBlocked } from '../../shared/src/policies/principal';

/**
 * Sub. Problems must find the members who are locked out (docs/areas/users.md#decisions). `stripeStatus=blocked` is
 * every member the shared policy sends to /blocked; a single blocking status filters exactly.
 */
let t: TestApp;
const M = `subprob${crypto.randomBytes(3).toString('hex')}`;
const made: Record<string, CreatedUser> = {};
const agents: Partial<Record<Role, supertest.Agent>> = {};

const STATUSES = [...BLOCKED_STRIPE_STATUSES, 'active', 'canceled', null] as const;
const ROLE_CASES: Array<{ role: Role; isAdmin: boolean }> = [
  { role: 'basic', isAdmin: false },
  { role: 'premium', isAdmin: false },
  { role: 'course only', isAdmin: false },
  { role: 'coach', isAdmin: false },
  { role: 'admin', isAdmin: true },
  { role: 'basic', isAdmin: true }, // an admin switched to basic
];
interface Case {
  key: string;
  status: string | null;
  grant: boolean;
  role: Role;
  isAdmin: boolean;
}
const cases: Case[] = [];
for (const status of STATUSES)
  for (const grant of [false, true])
    for (const r of ROLE_CASES)
      cases.push({ key: `${status}-${grant}-${r.role}-${r.isAdmin}`, status, grant, role: r.role, isAdmin: r.isAdmin });

beforeAll(async () => {
  t = await createTestApp();
  for (const c of cases) {
    made[c.key] = await createUser(t.knex, {
      fullName: `${M} ${c.key}`,
      role: c.role,
      isAdmin: c.isAdmin,
      stripeStatus: c.status,
      alwaysGrantAccess: c.grant,
    });
  }
  for (const role of ['admin', 'coach', 'premium', 'course only', 'basic'] as Role[]) {
    agents[role] = await signIn(t.agent(), await createUser(t.knex, { role, fullName: `Actor ${role}` }));
  }
});
afterAll(async () => {
  await t.close();
});

const idsOf = (body: { users: Array<{ id: number }> }) => body.users.map((u) => u.id).sort((a, b) => a - b);
const idsWhere = (pred: (c: Case) => boolean) =>
  cases
    .filter(pred)
    .map((c) => made[c.key]!.id)
    .sort((a, b) => a - b);

async function adminList(query: string) {
  const users: Array<{ id: number }> = [];
  let totalCount = 0;
  for (let page = 1; page < 20; page++) {
    const res = await agents.admin!.get(`/api/user/read-many?search=${M}&usersPerPage=25&page=${page}&${query}`);
    expect(res.status, query).toBe(200);
    totalCount = res.body.totalCount;
    users.push(...res.body.users);
    if (page * 25 >= totalCount) break;
  }
  return { users, totalCount };
}

describe('Sub. Problems: GET /api/user/read-many?stripeStatus=', () => {
  it('blocked: exactly the members the shared policy sends to /blocked (past_due included)', async () => {
    const expected = idsWhere((c) =>
      isSubscriptionBlocked({
        id: 1,
        role: c.role,
        isAdmin: c.isAdmin,
        createdAt: new Date(),
        stripeStatus: c.status,
        alwaysGrantAccess: c.grant,
        Tags: [],
      }),
    );
    // 4 blocking statuses x the 4 non-administrator roles, none with Always grant access.
    expect(expected).toHaveLength(16);
    const res = await adminList('stripeStatus=blocked');
    expect(idsOf(res)).toEqual(expected);
    expect(res.totalCount).toBe(16);
    const pastDue = made['past_due-false-premium-false']!.id;
    expect(idsOf(res)).toContain(pastDue);
  });

  it.each(BLOCKED_STRIPE_STATUSES)(
    '%s: every user with exactly that status (the spec default is unpaid)',
    async (s) => {
      const res = await adminList(`stripeStatus=${s}`);
      expect(idsOf(res)).toEqual(idsWhere((c) => c.status === s));
    },
  );

  it('unpaid does not find a past_due member who is locked out; blocked does', async () => {
    const pastDue = made['past_due-false-basic-false']!.id;
    expect(idsOf(await adminList('stripeStatus=unpaid'))).not.toContain(pastDue);
    expect(idsOf(await adminList('stripeStatus=blocked'))).toContain(pastDue);
  });

  it('coach: any subscription status filter is a 403', async () => {
    for (const q of ['stripeStatus=blocked', 'stripeStatus=past_due', 'stripeStatus=unpaid']) {
      expect((await agents.coach!.get(`/api/user/read-many?${q}`)).status, q).toBe(403);
    }
  });

  it.each(['premium', 'course only', 'basic'] as Role[])(
    '%s: the community search ignores the filter and shows no billing field',
    async (role) => {
      const agent = agents[role]!;
      const plain = await agent.get(`/api/user/read-many?search=${M}`);
      const filtered = await agent.get(`/api/user/read-many?search=${M}&stripeStatus=blocked`);
      expect(filtered.status).toBe(200);
      expect(filtered.body.totalCount).toBe(plain.body.totalCount);
      expect(idsOf(filtered.body)).toEqual(idsOf(plain.body));
      for (const u of filtered.body.users) expect(u).not.toHaveProperty('stripeStatus');
    },
  );

  it('requires a session', async () => {
    expect((await t.request().get('/api/user/read-many?stripeStatus=blocked')).status).toBe(401);
  });
});
