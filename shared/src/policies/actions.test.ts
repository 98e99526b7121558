import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../limits';
import {
  ADMIN_EDITABLE_USER_FIELDS,
  COACH_EDITABLE_USER_FIELDS,
  SELF_EDITABLE_USER_FIELDS,
  can,
  editableUserFields,
  type Action,
  type UserSubject,
} from './actions';
import type { Principal } from './principal';

const ME = 100;

function mk(over: Partial<Principal>): Principal {
  return {
    id: ME,
    role: 'basic',
    isAdmin: false,
    createdAt: '2024-06-01T00:00:00.000Z',
    stripeStatus: 'active',
    alwaysGrantAccess: false,
    Tags: [],
    ...over,
  };
}

const PRINCIPAL_NAMES = [
  'anonymous',
  'basic',
  'courseOnly',
  'premium',
  'coach',
  'admin',
  'adminSwitchedToBasic',
] as const;
type PrincipalName = (typeof PRINCIPAL_NAMES)[number];

const PRINCIPALS: Record<PrincipalName, Principal | null> = {
  anonymous: null,
  basic: mk({ role: 'basic' }),
  courseOnly: mk({ role: 'course only' }),
  premium: mk({ role: 'premium' }),
  coach: mk({ role: 'coach' }),
  admin: mk({ role: 'admin', isAdmin: true }),
  adminSwitchedToBasic: mk({ role: 'basic', isAdmin: true }),
};

/** Column order of the strings in EXPECTED_CAN. */
const SUBJECT_NAMES = ['none', 'self', 'otherMember', 'otherCoach', 'otherAdmin', 'otherSwitchedAdmin'] as const;
type SubjectName = (typeof SUBJECT_NAMES)[number];

function subjectFor(name: SubjectName, user: Principal | null): UserSubject | undefined {
  switch (name) {
    case 'none':
      return undefined;
    case 'self':
      return { id: user?.id ?? ME, role: user?.role ?? 'basic', isAdmin: user?.isAdmin ?? false };
    case 'otherMember':
      return { id: 900, role: 'basic', isAdmin: false };
    case 'otherCoach':
      return { id: 901, role: 'coach', isAdmin: false };
    case 'otherAdmin':
      return { id: 902, role: 'admin', isAdmin: false };
    case 'otherSwitchedAdmin':
      return { id: 903, role: 'premium', isAdmin: true };
  }
}

const ALL_ACTIONS: readonly Action[] = [
  'tag:list',
  'tag:manage',
  'user:list',
  'user:community',
  'user:read',
  'user:create',
  'user:update',
  'user:delete',
  'user:impersonate',
  'user:switch-role',
  'user:upgrade-role',
  'user:bulk-update',
  'user:validate-csv',
  'user:import',
  'user:export',
  'user:set-coach',
  'user:test-tools',
  'upload:image',
  'product:use',
  'product:additional-fees',
  'qualifier:use',
  'product:reorder-card',
  'fees:manage',
  'course:read',
  'course:manage',
  'resource:read',
  'resource:manage',
  'payment:purchase',
  'payment:portal',
  'payment:sync',
  'banner:manage',
  'banner:read',
  'aiTools:use',
  'aiTools:chat-widget',
  'settings:manage',
  'audit:read',
  'jobs:manage',
  'notification:own',
  'analytics:record',
  'board:own',
  'board:work',
  'board:reset',
  'board:card-delete',
  'board:list-delete',
  'board:activity-edit',
  'live:read',
  'review:queue',
  'review:send',
  'insights:read',
  'insights:export',
  'calendar:read',
  'calendar:manage',
  'recurring:manage',
  'recurring:for-others',
  'playbook:manage',
  'playbook:launch',
  'search:use',
  'community:read',
  'community:report',
  'community:moderate',
  'community:manage',
  'first-run:own',
];

/**
 * docs/roles.md and docs/security.md, by hand. Each string is one cell per subject:
 *   none | self | other member | other coach | other admin (role admin) | other admin switched (isAdmin)
 */
// prettier-ignore
const EXPECTED_CAN: Record<Action, Record<PrincipalName, string>> = {
  // Tag Management is admin only; coaches list tags to edit users' tags.
  'tag:manage':       { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'tag:list':         { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // User Dashboard: admin and coach.
  'user:list':        { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // Community search: any signed-in user.
  'user:community':   { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  // Reading a user: admin anyone; coach premium members (none of these others, see user-scope.test.ts); members only themselves.
  'user:read':        { anonymous: '000000', basic: '010000', courseOnly: '010000', premium: '010000', coach: '110000', admin: '111111', adminSwitchedToBasic: '010000' },
  'user:create':      { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // Coach edits premium members (Tags only, see editableUserFields) and themselves; members their own profile.
  'user:update':      { anonymous: '000000', basic: '010000', courseOnly: '010000', premium: '010000', coach: '110000', admin: '111111', adminSwitchedToBasic: '010000' },
  // Admin deletes users, but not themselves.
  'user:delete':      { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '101111', adminSwitchedToBasic: '000000' },
  // Sign in as: admin only; never themselves or another admin (role admin or isAdmin).
  'user:impersonate': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '101100', adminSwitchedToBasic: '000000' },
  // Switch roles: role admin or isAdmin.
  'user:switch-role': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '111111' },
  // The User Dashboard's bulk and file operations (policies/user-admin-actions.ts): role admin only.
  'user:upgrade-role': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'user:bulk-update': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'user:validate-csv': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'user:import': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'user:export': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'user:set-coach': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'user:test-tools': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'upload:image':     { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  // Power Profit Tool: every member (own products only, see ownsProduct); basic cannot change additional fees.
  'product:use':      { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  'product:additional-fees': { anonymous: '000000', basic: '000000', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // Product Qualifier: course only members get the upgrade prompt.
  'qualifier:use':    { anonymous: '000000', basic: '111111', courseOnly: '000000', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  // A reorder card on one's own board: premium before the cutoff and coach; never administrators (their board is the template).
  'product:reorder-card': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '111111', coach: '111111', admin: '000000', adminSwitchedToBasic: '000000' },
  // Fee rate cards: role admin.
  'fees:manage':      { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // Courses: every member reads (per-course visibility in policies/courses.ts); role admin manages.
  'course:read':      { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  'course:manage':    { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // Resources: every member reads (per-resource access in policies/resources.ts); role admin manages.
  'resource:read':    { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  'resource:manage':  { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // Buying with a card: members (admins have every resource already).
  'payment:purchase': { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '000000', adminSwitchedToBasic: '111111' },
  // Billing pages: every member; the subject is a Stripe customer (only one's own, see resources.test.ts), never a user.
  'payment:portal':   { anonymous: '000000', basic: '100000', courseOnly: '100000', premium: '100000', coach: '100000', admin: '100000', adminSwitchedToBasic: '100000' },
  // Sync with Stripe: role admin.
  'payment:sync':     { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // Dashboard banners: role admin manages (members read their role's banner, see policies/banners.ts).
  'banner:manage':    { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // Without a banner of a type (these subjects are users): every signed-in user reads their role's banner.
  'banner:read':      { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  // AI Toolkit: the /ai-toolkit route rule (admin, coach, or the aitoolkit tag; these principals have no tags).
  'aiTools:use':      { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // The raina chat widget: admins (role admin or isAdmin) or the raina tag.
  'aiTools:chat-widget': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '111111' },
  // Portal settings: role admin (an admin switched to another role does not).
  'settings:manage':  { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // The audit log: role admin only (not a coach, not an admin switched to another role).
  'audit:read':       { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  'jobs:manage':      { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // The calendar: every signed-in user reads theirs; calls are managed by role admin.
  'calendar:read':    { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  'calendar:manage':  { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // Recurring cards: whoever has a board of their own (for it), coaches and admins (for members too).
  'recurring:manage': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // Aimed at other members (recurring cards, playbooks): coaches and admins.
  'recurring:for-others': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  'playbook:manage':  { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // The launch playbook on one's own board (the qualifier's Start this product).
  'playbook:launch':  { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // The command palette's search: every signed-in user (what each finds: search.test.ts, tests/api/search.test.ts).
  'search:use':       { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  // The community (docs/areas/community.md): every member reads and reports; coaches and admins moderate; admins keep the spaces.
  'community:read':   { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  'community:report': { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  'community:moderate': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  'community:manage': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '111111', adminSwitchedToBasic: '000000' },
  // The dashboard's getting-started checklist: the member roles, their own only (an admin switched to basic sees it as basic does).
  'first-run:own':    { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '000000', admin: '000000', adminSwitchedToBasic: '111111' },
  // The notification inbox: every signed-in user, their own rows only (the API scopes them).
  'notification:own': { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  // Analytics events: every signed-in user records their own.
  'analytics:record': { anonymous: '000000', basic: '111111', courseOnly: '111111', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '111111' },
  // Move the Needle (the subject is the board's owner): a board of one's own for premium before the cutoff, coach and admin.
  'board:own':        { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '111111', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // Premium on their own board; coach on every board but an admin's (the template); admin on all.
  'board:work':       { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '010000', coach: '011101', admin: '011111', adminSwitchedToBasic: '000000' },
  // Reset: whoever works on a member's board, never an admin and never the template.
  'board:reset':      { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '010000', coach: '011101', admin: '000000', adminSwitchedToBasic: '000000' },
  // Deleting cards and (unreserved) lists: admin only.
  'board:card-delete': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '011111', adminSwitchedToBasic: '000000' },
  'board:list-delete': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '011111', adminSwitchedToBasic: '000000' },
  // Review queue (docs/areas/review.md): coaches and admins read it; a card is sent on where they work on the board.
  'review:queue':     { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  'review:send':      { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '011101', admin: '011111', adminSwitchedToBasic: '000000' },
  // Insights (docs/areas/insights.md#insights-page): coaches and role admins; what each sees is scoped by insightsScopeFor (insights.test.ts).
  'insights:read':    { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  'insights:export':  { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '111111', admin: '111111', adminSwitchedToBasic: '000000' },
  // A comment without a known author: only an admin edits it (authors: see the named rules).
  'board:activity-edit': { anonymous: '000000', basic: '000000', courseOnly: '000000', premium: '000000', coach: '000000', admin: '011111', adminSwitchedToBasic: '000000' },
  // The live stream: one's own notifications for everyone signed in (no subject); a board's events as board:work.
  'live:read':        { anonymous: '000000', basic: '100000', courseOnly: '100000', premium: '110000', coach: '111101', admin: '111111', adminSwitchedToBasic: '100000' },
};

describe('can(): the Action x principal x subject matrix', () => {
  it('the matrix covers every action', () => {
    expect(Object.keys(EXPECTED_CAN).sort()).toEqual([...ALL_ACTIONS].sort());
  });

  describe.each(ALL_ACTIONS)('%s', (action) => {
    it.each(PRINCIPAL_NAMES)('as %s matches the matrix of docs/roles.md for every subject', (name) => {
      const row = EXPECTED_CAN[action][name];
      expect(row).toHaveLength(SUBJECT_NAMES.length);
      const user = PRINCIPALS[name];
      const got = SUBJECT_NAMES.map((s) => (can(user, action, subjectFor(s, user)) ? '1' : '0')).join('');
      expect(got).toBe(row);
    });
  });

  it('anonymous can do nothing', () => {
    for (const action of ALL_ACTIONS) expect(can(null, action)).toBe(false);
  });

  it('an unknown action is denied to everyone', () => {
    for (const name of PRINCIPAL_NAMES) {
      expect(can(PRINCIPALS[name], 'user:destroy-everything' as Action)).toBe(false);
    }
  });
});

describe('can(): named rules', () => {
  const admin = PRINCIPALS.admin!;

  it('a reserved list is never deleted, not even by an admin', () => {
    const owner = { id: 900, role: 'premium' as const };
    expect(can(admin, 'board:list-delete', { ...owner, listName: 'Ideas' })).toBe(true);
    expect(can(admin, 'board:list-delete', { ...owner, listName: ' in progress ' })).toBe(false);
  });

  it('a comment is edited by its author on a board they work on, or by an admin', () => {
    const premium = PRINCIPALS.premium!;
    const coach = PRINCIPALS.coach!;
    const own = { id: premium.id, role: 'premium' as const };
    expect(can(premium, 'board:activity-edit', { ...own, authorId: premium.id })).toBe(true);
    expect(can(premium, 'board:activity-edit', { ...own, authorId: 901 })).toBe(false);
    expect(can(coach, 'board:activity-edit', { id: 900, role: 'premium', authorId: coach.id })).toBe(true);
    expect(can(coach, 'board:activity-edit', { id: 902, role: 'admin', authorId: coach.id })).toBe(false);
  });

  it('an admin cannot delete their own account', () => {
    expect(can(admin, 'user:delete', { id: admin.id, role: 'admin', isAdmin: true })).toBe(false);
    expect(can(admin, 'user:delete', { id: 900, role: 'basic', isAdmin: false })).toBe(true);
  });

  it('an admin cannot sign in as another admin, by role or by isAdmin', () => {
    expect(can(admin, 'user:impersonate', { id: 5, role: 'admin', isAdmin: false })).toBe(false);
    expect(can(admin, 'user:impersonate', { id: 5, role: 'admin', isAdmin: true })).toBe(false);
    for (const role of ROLES) {
      expect(can(admin, 'user:impersonate', { id: 5, role, isAdmin: true }), role).toBe(false);
    }
  });

  it('an admin cannot sign in as themselves', () => {
    expect(can(admin, 'user:impersonate', { id: admin.id, role: 'basic', isAdmin: false })).toBe(false);
  });

  it('an admin may sign in as any non-admin member or coach', () => {
    for (const role of ['coach', 'premium', 'course only', 'basic'] as const) {
      expect(can(admin, 'user:impersonate', { id: 5, role, isAdmin: false }), role).toBe(true);
    }
  });

  it('an admin who switched to another role cannot sign in as anyone until they switch back, but can switch', () => {
    for (const role of ['coach', 'premium', 'course only', 'basic'] as const) {
      const switched = mk({ role, isAdmin: true });
      expect(can(switched, 'user:impersonate', { id: 5, role: 'basic', isAdmin: false })).toBe(false);
      expect(can(switched, 'user:switch-role')).toBe(true);
      expect(can(switched, 'tag:manage')).toBe(false);
      expect(can(switched, 'user:create')).toBe(false);
    }
  });

  it('members read and update only their own account', () => {
    for (const role of ['premium', 'course only', 'basic'] as const) {
      const u = mk({ role });
      expect(can(u, 'user:read', { id: u.id, role, isAdmin: false })).toBe(true);
      expect(can(u, 'user:update', { id: u.id, role, isAdmin: false })).toBe(true);
      expect(can(u, 'user:read', { id: u.id + 1, role, isAdmin: false })).toBe(false);
      expect(can(u, 'user:update', { id: u.id + 1, role, isAdmin: false })).toBe(false);
      expect(can(u, 'user:read')).toBe(false);
      expect(can(u, 'user:update')).toBe(false);
    }
  });

  it('can() does not depend on subscription status or tags (blocking is the auth layer’s job)', () => {
    // The AI Toolkit actions are granted by tags (aitoolkit, raina) by docs/roles.md: see policies/ai-tools.test.ts.
    const TAG_GRANTED: readonly Action[] = ['aiTools:use', 'aiTools:chat-widget'];
    fc.assert(
      fc.property(
        fc.constantFrom(...PRINCIPAL_NAMES.filter((n) => n !== 'anonymous')),
        fc.constantFrom(...ALL_ACTIONS.filter((a) => !TAG_GRANTED.includes(a))),
        fc.constantFrom(...SUBJECT_NAMES),
        fc.constantFrom(null, 'active', 'unpaid', 'past_due', 'incomplete', 'incomplete_expired', 'canceled'),
        fc.boolean(),
        fc.array(fc.record({ id: fc.nat(), name: fc.constantFrom('aitoolkit', 'admin', 'coach', 'raina') }), {
          maxLength: 3,
        }),
        (name, action, subjectName, stripeStatus, alwaysGrantAccess, Tags) => {
          const base = PRINCIPALS[name]!;
          const variant = { ...base, stripeStatus, alwaysGrantAccess, Tags };
          expect(can(variant, action, subjectFor(subjectName, variant))).toBe(
            can(base, action, subjectFor(subjectName, base)),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

// -------------------------------------------------------------------------------------------------

const SELF = ['fullName', 'password', 'city', 'state', 'country', 'phoneNumber', 'photoUrl'];
const ADMIN_ALL = [
  'fullName',
  'password',
  'city',
  'state',
  'country',
  'phoneNumber',
  'photoUrl',
  'email',
  'role',
  'alwaysGrantAccess',
  'Tags',
  'Resources',
  'position',
  // A member's coach, set by an admin only (docs/areas/review.md#a-members-coach).
  'coachId',
];

describe('editableUserFields (docs/roles.md User edit form, docs/roles.md; docs/security.md mass assignment)', () => {
  it('the field lists are the documented ones (docs/areas/users.md#who-may-do-what)', () => {
    expect([...SELF_EDITABLE_USER_FIELDS]).toEqual(SELF);
    expect([...COACH_EDITABLE_USER_FIELDS]).toEqual(['Tags']);
    expect([...ADMIN_EDITABLE_USER_FIELDS]).toEqual(ADMIN_ALL);
  });

  it('an admin may change every admin-form field on anyone, themselves included, and on a new user', () => {
    const admin = PRINCIPALS.admin!;
    expect([...editableUserFields(admin, { id: 900 })]).toEqual(ADMIN_ALL);
    expect([...editableUserFields(admin, { id: admin.id })]).toEqual(ADMIN_ALL);
    expect([...editableUserFields(admin, null)]).toEqual(ADMIN_ALL);
  });

  it('a coach changes only the Tags of a premium member, and nothing of anyone else', () => {
    const coach = PRINCIPALS.coach!;
    expect([...editableUserFields(coach, { id: 900, role: 'premium', isAdmin: false })]).toEqual(['Tags']);
    for (const role of ['basic', 'course only', 'coach', 'admin'] as const) {
      expect([...editableUserFields(coach, { id: 900, role, isAdmin: false })], role).toEqual([]);
    }
    expect([...editableUserFields(coach, { id: 900, role: 'premium', isAdmin: true })]).toEqual([]);
    expect([...editableUserFields(coach, { id: 900 })]).toEqual([]); // role unknown: nothing
  });

  it('a coach editing their own account gets the self fields (not Tags)', () => {
    const coach = PRINCIPALS.coach!;
    expect([...editableUserFields(coach, { id: coach.id })]).toEqual(SELF);
  });

  it('a coach cannot fill in a new user (creating is admin only)', () => {
    expect([...editableUserFields(PRINCIPALS.coach!, null)]).toEqual([]);
  });

  it.each(['basic', 'courseOnly', 'premium', 'adminSwitchedToBasic'] as const)(
    '%s: own account -> the self fields; someone else or a new user -> nothing',
    (name) => {
      const u = PRINCIPALS[name]!;
      expect([...editableUserFields(u, { id: u.id })]).toEqual(SELF);
      expect([...editableUserFields(u, { id: 900 })]).toEqual([]);
      expect([...editableUserFields(u, null)]).toEqual([]);
    },
  );

  it('email is never self-editable (read-only on the profile)', () => {
    for (const name of PRINCIPAL_NAMES) {
      const u = PRINCIPALS[name];
      if (!u || u.role === 'admin') continue;
      expect(editableUserFields(u, { id: u.id })).not.toContain('email');
    }
  });
});

describe('editableUserFields properties', () => {
  const NEVER_FOR_NON_ADMIN = ['role', 'alwaysGrantAccess', 'email', 'Resources', 'position', 'coachId'];
  const NEVER_FOR_ANYONE = ['isAdmin', 'stripeStatus', 'stripeCustomerId', 'id', 'createdAt', 'password_hash'];

  const principalArb = (roles: readonly Role[]): fc.Arbitrary<Principal> =>
    fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      role: fc.constantFrom(...roles),
      isAdmin: fc.boolean(),
      createdAt: fc.constantFrom('2024-01-01T00:00:00.000Z', '2025-06-01T00:00:00.000Z', 'garbage'),
      stripeStatus: fc.constantFrom(null, 'active', 'unpaid', 'past_due'),
      alwaysGrantAccess: fc.boolean(),
      Tags: fc.array(fc.record({ id: fc.nat(), name: fc.constantFrom('aitoolkit', 'admin', 'coach') }), {
        maxLength: 3,
      }),
    });
  const nonAdmin = principalArb(['coach', 'premium', 'course only', 'basic']);
  const anyone = principalArb(ROLES);
  const targetArb = (p: Principal) =>
    fc.oneof(
      fc.constant({ id: p.id }),
      fc
        .integer({ min: 1, max: 1000 })
        .filter((id) => id !== p.id)
        .map((id) => ({ id })),
      fc.constant(null),
    );

  it('for any principal that is not role admin, role/alwaysGrantAccess/email/Resources/position are never editable', () => {
    fc.assert(
      fc.property(
        nonAdmin.chain((p) => fc.tuple(fc.constant(p), targetArb(p))),
        ([p, target]) => {
          const fields: readonly string[] = editableUserFields(p, target);
          for (const f of NEVER_FOR_NON_ADMIN) expect(fields).not.toContain(f);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('on their own account, a non-admin gets exactly the self fields, never Tags (whatever isAdmin says)', () => {
    fc.assert(
      fc.property(nonAdmin, (p) => {
        const fields = editableUserFields(p, { id: p.id });
        expect([...fields]).toEqual(SELF);
        expect(fields).not.toContain('Tags');
      }),
      { numRuns: 1000 },
    );
  });

  it('on someone else, a coach gets Tags only for a premium member and any other non-admin gets nothing', () => {
    fc.assert(
      fc.property(
        nonAdmin,
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom(...ROLES),
        fc.boolean(),
        (p, otherId, role, isAdmin) => {
          fc.pre(otherId !== p.id);
          const fields = editableUserFields(p, { id: otherId, role, isAdmin });
          const premiumMember = role === 'premium' && !isAdmin;
          expect([...fields]).toEqual(p.role === 'coach' && premiumMember ? ['Tags'] : []);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('role admin always gets the full admin list', () => {
    fc.assert(
      fc.property(
        principalArb(['admin']).chain((p) => fc.tuple(fc.constant(p), targetArb(p))),
        ([p, target]) => {
          expect([...editableUserFields(p, target)]).toEqual(ADMIN_ALL);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('server-owned fields (isAdmin, stripe*, id, createdAt) are never editable by anyone', () => {
    fc.assert(
      fc.property(
        anyone.chain((p) => fc.tuple(fc.constant(p), targetArb(p))),
        ([p, target]) => {
          const fields: readonly string[] = editableUserFields(p, target);
          for (const f of NEVER_FOR_ANYONE) expect(fields).not.toContain(f);
          for (const f of fields) expect(ADMIN_ALL).toContain(f);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('any editable field implies can(): update for an existing target, create for a new one', () => {
    fc.assert(
      fc.property(
        anyone.chain((p) => fc.tuple(fc.constant(p), targetArb(p), fc.constantFrom(...ROLES), fc.boolean())),
        ([p, target, targetRole, targetIsAdmin]) => {
          const fields = editableUserFields(p, target);
          if (fields.length === 0) return;
          if (target)
            expect(can(p, 'user:update', { id: target.id, role: targetRole, isAdmin: targetIsAdmin })).toBe(true);
          else expect(can(p, 'user:create')).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
