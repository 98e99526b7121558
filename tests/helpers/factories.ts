import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type supertest from 'supertest';
import type { Role } from '../../shared/src/limits';
import { hash as argon2Hash } from '@node-rs/argon2';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

/**
 * Test users' password hashes: argon2id at its smallest cost (1 MiB, one pass). Sign-in verifies
 * them through the same code as real ones (argon2 reads the parameters from the hash), but in a
 * fraction of a millisecond instead of ~12 ms of CPU at the OWASP cost: the suite signs in
 * thousands of times. Hashes the API writes itself (sign-up, reset, the user form) keep the OWASP
 * parameters (tests/api/auth.test.ts checks them).
 */
function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFC'), { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
}
let defaultHash: Promise<string> | null = null;

export interface UserFactoryInput {
  fullName?: string;
  email?: string;
  password?: string;
  role?: Role;
  isAdmin?: boolean;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  phoneNumber?: string | null;
  stripeStatus?: string | null;
  stripeCustomerId?: string | null;
  alwaysGrantAccess?: boolean;
  createdAt?: string | Date;
  tags?: number[];
}

export interface CreatedUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  fullName: string;
}

/** Inserts a user (hashing the default password once per process) and returns how to sign in. */
export async function createUser(knex: Knex, input: UserFactoryInput = {}): Promise<CreatedUser> {
  const password = input.password ?? DEFAULT_PASSWORD;
  const hash = input.password ? await hashPassword(password) : await (defaultHash ??= hashPassword(DEFAULT_PASSWORD));
  const role = input.role ?? 'basic';
  const email = input.email ?? `${role.replace(' ', '-')}-${crypto.randomBytes(5).toString('hex')}@example.test`;
  const fullName = input.fullName ?? `Test ${role}`;
  const [row] = await knex('users')
    .insert({
      full_name: fullName,
      email,
      password_hash: hash,
      role,
      is_admin: input.isAdmin ?? role === 'admin',
      city: input.city ?? null,
      state: input.state ?? null,
      country: input.country ?? null,
      phone_number: input.phoneNumber ?? null,
      stripe_status: input.stripeStatus ?? null,
      stripe_customer_id: input.stripeCustomerId ?? null,
      always_grant_access: input.alwaysGrantAccess ?? false,
      ...(input.createdAt ? { created_at: new Date(input.createdAt) } : {}),
    })
    .returning<Array<{ id: number }>>('id');
  const id = row!.id;
  if (input.tags?.length) await knex('user_tags').insert(input.tags.map((t) => ({ user_id: id, tag_id: t })));
  return { id, email, password, role, fullName };
}

export async function createTag(
  knex: Knex,
  name?: string,
  openForSignup = false,
): Promise<{ id: number; name: string }> {
  const tagName = name ?? `tag-${crypto.randomBytes(4).toString('hex')}`;
  const [row] = await knex('tags')
    .insert({ name: tagName, open_for_signup: openForSignup })
    .returning<Array<{ id: number; name: string }>>(['id', 'name']);
  return row!;
}

/** Signs the agent in and returns it. */
export async function signIn(
  agent: supertest.Agent,
  user: { email: string; password: string },
): Promise<supertest.Agent> {
  const res = await agent.post('/api/auth/signin').send({ email: user.email, password: user.password });
  if (res.status !== 200)
    throw new Error(`sign-in failed for ${user.email}: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

export const ALL_ROLES: Role[] = ['admin', 'coach', 'premium', 'course only', 'basic'];
