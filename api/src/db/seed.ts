import type { Knex } from 'knex';
import type { Role } from '@shared/limits';
import { hashPassword } from '../core/password';
import { seedCourses } from './seed-courses';
import { seedProducts } from './seed-products';
import { seedBoard } from './seed-board';
import { seedReview } from './seed-review';
import { seedBanners } from './seed-banners';
import { seedResources } from './seed-resources';
import { seedSettings } from './seed-settings';
import { seedHistory } from './seed-history';
import type { AreaSeed, SeedContext } from './seed-types';

export type { AreaSeed, SeedContext } from './seed-types';

export interface DemoAccount {
  role: Role;
  label: string;
  email: string;
  password: string;
  fullName: string;
  createdAt: string;
  city: string;
  state: string;
  stripeStatus?: string;
}

/** One demo account per role (two premium members: before and after the Move the Needle cutoff). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'admin',
    label: 'admin',
    email: 'admin@demo.portal',
    password: 'admin-demo-2026',
    fullName: 'Ada Admin',
    createdAt: '2024-01-10',
    city: 'Austin',
    state: 'TX',
  },
  {
    role: 'coach',
    label: 'coach',
    email: 'coach@demo.portal',
    password: 'coach-demo-2026',
    fullName: 'Cole Coach',
    createdAt: '2024-02-01',
    city: 'Denver',
    state: 'CO',
  },
  {
    role: 'premium',
    label: 'premium (joined before 2025-02-13)',
    email: 'premium@demo.portal',
    password: 'premium-demo-2026',
    fullName: 'Priya Premium',
    createdAt: '2024-06-01',
    city: 'Miami',
    state: 'FL',
  },
  {
    role: 'premium',
    label: 'premium (joined after 2025-02-13)',
    email: 'premium.new@demo.portal',
    password: 'premium-demo-2026',
    fullName: 'Noah Newcomer',
    createdAt: '2025-06-01',
    city: 'Tampa',
    state: 'FL',
  },
  {
    role: 'course only',
    label: 'course only',
    email: 'course@demo.portal',
    password: 'course-demo-2026',
    fullName: 'Carla Course',
    createdAt: '2024-09-15',
    city: 'Seattle',
    state: 'WA',
  },
  {
    role: 'basic',
    label: 'basic',
    email: 'basic@demo.portal',
    password: 'basic-demo-2026',
    fullName: 'Ben Basic',
    createdAt: '2025-03-20',
    city: 'Boston',
    state: 'MA',
  },
  {
    role: 'premium',
    label: 'premium, subscription past due',
    email: 'blocked@demo.portal',
    password: 'blocked-demo-2026',
    fullName: 'Pat Pastdue',
    createdAt: '2024-11-02',
    city: 'Phoenix',
    state: 'AZ',
    stripeStatus: 'past_due',
  },
];

const DEMO_TAGS = [
  { name: 'aitoolkit', open_for_signup: false },
  { name: 'raina', open_for_signup: false },
  { name: 'Mastermind', open_for_signup: false },
  { name: 'Free Trial', open_for_signup: true },
];

const COMMUNITY = [
  ['Grace Hopper', 'Arlington', 'VA', 'premium'],
  ['Linus Lake', 'Portland', 'OR', 'basic'],
  ['Maya Patel', 'Austin', 'TX', 'basic'],
  ['Omar Haddad', 'Dallas', 'TX', 'premium'],
  ['Sofia Rossi', 'Miami', 'FL', 'basic'],
] as const;

/**
 * Each area's demo content (courses, boards, products, ...), run in the same transaction after the
 * accounts exist. An area adds its seed function from its own file here, one line each.
 */
const AREA_SEEDS: AreaSeed[] = [
  seedCourses,
  seedProducts,
  seedBoard,
  seedReview,
  seedBanners,
  seedResources,
  seedSettings,
  // Last: 90 days of activity over everything above (docs/areas/insights.md#demo-history).
  seedHistory,
];

/** Seeds demo content once (when there are no users yet). Returns the accounts, or [] if skipped. */
export async function seedDemo(knex: Knex): Promise<readonly DemoAccount[]> {
  const existing = await knex('users').count<Array<{ count: number }>>('* as count').first();
  if (Number(existing?.count ?? 0) > 0) return [];
  const hashes = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) if (!hashes.has(a.password)) hashes.set(a.password, await hashPassword(a.password));
  const communityHash = await hashPassword(`community-${Date.now()}-${Math.random()}`);
  await knex.transaction(async (trx) => {
    const tags = await trx('tags').insert(DEMO_TAGS).returning<Array<{ id: number; name: string }>>(['id', 'name']);
    const tagId = (name: string) => tags.find((t) => t.name === name)!.id;
    const userIdByEmail = new Map<string, number>();
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await trx('users')
        .insert({
          full_name: a.fullName,
          email: a.email,
          password_hash: hashes.get(a.password),
          role: a.role,
          is_admin: a.role === 'admin',
          city: a.city,
          state: a.state,
          country: 'USA',
          stripe_status: a.stripeStatus ?? (a.role === 'admin' || a.role === 'coach' ? null : 'active'),
          stripe_customer_id: a.stripeStatus ? 'cus_demo_pastdue' : null,
          created_at: new Date(`${a.createdAt}T12:00:00Z`),
        })
        .returning<Array<{ id: number }>>('id');
      userIdByEmail.set(a.email, row!.id);
      if (a.role === 'premium' || a.role === 'coach') {
        await trx('user_tags').insert({ user_id: row!.id, tag_id: tagId('aitoolkit') });
      }
    }
    await trx('users').insert(
      COMMUNITY.map(([name, city, state, role], i) => ({
        full_name: name,
        email: `member${i + 1}@demo.portal`,
        password_hash: communityHash,
        role,
        city,
        state,
        country: 'USA',
        stripe_status: 'active',
        created_at: new Date(Date.UTC(2024, i, 5)),
      })),
    );
    const ctx: SeedContext = { userIdByEmail, tagIdByName: new Map(tags.map((t) => [t.name, t.id])) };
    for (const seed of AREA_SEEDS) await seed(trx, ctx);
  });
  return DEMO_ACCOUNTS;
}

/** ADMIN_EMAIL + ADMIN_PASSWORD: make sure that admin account exists (and has that password). */
export async function ensureAdmin(knex: Knex, email: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await knex('users')
    .whereRaw('lower(email) = ?', [email.trim().toLowerCase()])
    .first<{ id: number } | undefined>();
  if (existing) {
    await knex('users')
      .where({ id: existing.id })
      .update({ role: 'admin', is_admin: true, password_hash: passwordHash, updated_at: knex.fn.now() });
    return 'updated';
  }
  await knex('users').insert({
    full_name: 'Administrator',
    email: email.trim(),
    password_hash: passwordHash,
    role: 'admin',
    is_admin: true,
  });
  return 'created';
}
