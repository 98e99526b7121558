import crypto from 'node:crypto';
import type supertest from 'supertest';
import type { TestApp } from '../helpers/app';
import { createTag, createUser, signIn, type CreatedUser, type UserFactoryInput } from '../helpers/factories';
import type { Role } from '../../shared/src/limits';

/**
 * The users of the per-role tests of docs/areas/users.md#who-may-do-what (users-coach-scope*.test.ts): one actor per role and
 * one account of each kind a coach must or must not reach, all named with one marker so a search
 * sees only them, all with billing fields to look for.
 */
export type Who = 'admin' | 'coach' | 'premium' | 'course only' | 'basic' | 'anonymous';
export const WHO: Who[] = ['admin', 'coach', 'premium', 'course only', 'basic', 'anonymous'];
export const MEMBERS = ['premium', 'course only', 'basic'] as const;
export const BILLING = { stripeStatus: 'active', stripeCustomerId: 'cus_secret_billing', city: 'Austin', state: 'TX' };

export interface ScopeFixture {
  /** The marker in every name. */
  M: string;
  tag: number;
  premium: CreatedUser;
  premium2: CreatedUser;
  basic: CreatedUser;
  courseOnly: CreatedUser;
  otherCoach: CreatedUser;
  otherAdmin: CreatedUser;
  /** An admin who switched to role premium: still outside a coach's reach. */
  switchedAdmin: CreatedUser;
  agentOf(who: Who): supertest.Agent;
  selfOf(who: Who): CreatedUser;
  mk(role: Role, name: string, extra?: UserFactoryInput): Promise<CreatedUser>;
}

export async function scopeFixture(t: TestApp): Promise<ScopeFixture> {
  const M = `cs${crypto.randomBytes(4).toString('hex')}`;
  const mk = (role: Role, name: string, extra: UserFactoryInput = {}) =>
    createUser(t.knex, { role, fullName: `${M} ${name}`, ...BILLING, ...extra });
  const tag = (await createTag(t.knex)).id;
  const accounts = {
    premium: await mk('premium', 'Priya', { tags: [tag], city: 'Springfield', email: `${M}-priya@example.test` }),
    premium2: await mk('premium', 'Pedro', { stripeStatus: 'unpaid' }),
    basic: await mk('basic', 'Ben', { city: 'Springfield', email: `${M}-ben@example.test` }),
    courseOnly: await mk('course only', 'Carla'),
    otherCoach: await mk('coach', 'Kim'),
    otherAdmin: await mk('admin', 'Ada'),
    switchedAdmin: await mk('premium', 'Sam', { isAdmin: true }),
  };
  const actors = new Map<Who, { user: CreatedUser | null; agent: supertest.Agent }>();
  for (const who of WHO) {
    if (who === 'anonymous') actors.set(who, { user: null, agent: t.request() });
    else {
      const user = await mk(who, `actor ${who}`);
      actors.set(who, { user, agent: await signIn(t.agent(), user) });
    }
  }
  return {
    M,
    tag,
    ...accounts,
    agentOf: (who) => actors.get(who)!.agent,
    selfOf: (who) => actors.get(who)!.user!,
    mk,
  };
}
