import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINKS, ROLES } from '../limits';
import type { Principal } from './principal';
import { BEFORE, JUST_BEFORE, AT_CUTOFF, AFTER, AI_TAG, mk } from './test-principals';
import { decideRoute } from './routes';
import { canSwitchRoles, sidebarItems } from './sidebar';

const PRINCIPALS = {
  basic: mk({ role: 'basic' }),
  basicAfterCutoff: mk({ role: 'basic', createdAt: AFTER }),
  basicWithAiTag: mk({ role: 'basic', Tags: AI_TAG }),
  basicWithAiTagAfterCutoff: mk({ role: 'basic', Tags: AI_TAG, createdAt: AFTER }),
  courseOnly: mk({ role: 'course only' }),
  courseOnlyAfterCutoff: mk({ role: 'course only', createdAt: AFTER }),
  courseOnlyWithAiTag: mk({ role: 'course only', Tags: AI_TAG }),
  premiumBeforeCutoff: mk({ role: 'premium' }),
  premiumJustBeforeCutoff: mk({ role: 'premium', createdAt: JUST_BEFORE }),
  premiumAtCutoff: mk({ role: 'premium', createdAt: AT_CUTOFF }),
  premiumAfterCutoff: mk({ role: 'premium', createdAt: AFTER }),
  premiumInvalidCreatedAt: mk({ role: 'premium', createdAt: 'not a date' }),
  premiumDateObjectAfter: mk({ role: 'premium', createdAt: new Date(AFTER) }),
  premiumWithAiTag: mk({ role: 'premium', Tags: AI_TAG }),
  premiumWithAiTagAfterCutoff: mk({ role: 'premium', Tags: AI_TAG, createdAt: AFTER }),
  coach: mk({ role: 'coach', createdAt: AFTER }),
  coachWithAiTag: mk({ role: 'coach', Tags: AI_TAG }),
  admin: mk({ role: 'admin', createdAt: AFTER }),
  adminWithAiTag: mk({ role: 'admin', Tags: AI_TAG }),
  adminSwitchedToBasic: mk({ role: 'basic', isAdmin: true }),
  adminSwitchedToPremium: mk({ role: 'premium', isAdmin: true }),
} satisfies Record<string, Principal>;
type Name = keyof typeof PRINCIPALS;

/**
 * docs/screens.md Sidebar, written out per principal, in display order.
 * main: Dashboard, AI Toolkit, Courses, Resources, Power Profit Tool, Move The Needle (premium),
 *       Move The Needle (coach), Master Template, Product Qualifier Tool, User Dashboard, Tag Management
 * extra: Apply To Upgrade, community group, external search site, upgrades site, Support, Settings
 */
// prettier-ignore
const BASIC = ['dashboard', 'courses', 'resources', 'profit-calculator', 'calendar', 'product-qualifier', 'apply', 'community', 'support', 'settings'];
// prettier-ignore
const BASIC_AI = ['dashboard', 'ai-toolkit', 'courses', 'resources', 'profit-calculator', 'calendar', 'product-qualifier', 'apply', 'support', 'settings'];
// prettier-ignore
const COURSE = ['dashboard', 'courses', 'resources', 'profit-calculator', 'calendar', 'apply', 'community', 'search-site', 'support', 'settings'];
// prettier-ignore
const COURSE_AI = ['dashboard', 'courses', 'resources', 'profit-calculator', 'calendar', 'apply', 'search-site', 'support', 'settings'];
// prettier-ignore
const PREMIUM = ['dashboard', 'courses', 'resources', 'profit-calculator', 'move-the-needle', 'calendar', 'plans', 'product-qualifier', 'apply', 'community', 'upgrades', 'support', 'settings'];
// prettier-ignore
const PREMIUM_HIDDEN = ['dashboard', 'courses', 'resources', 'profit-calculator', 'calendar', 'product-qualifier', 'apply', 'community', 'upgrades', 'support', 'settings'];
// prettier-ignore
const PREMIUM_AI = ['dashboard', 'ai-toolkit', 'courses', 'resources', 'profit-calculator', 'move-the-needle', 'calendar', 'plans', 'product-qualifier', 'apply', 'upgrades', 'support', 'settings'];
// prettier-ignore
const PREMIUM_AI_HIDDEN = ['dashboard', 'ai-toolkit', 'courses', 'resources', 'profit-calculator', 'calendar', 'product-qualifier', 'apply', 'upgrades', 'support', 'settings'];
// prettier-ignore
const COACH = ['dashboard', 'ai-toolkit', 'courses', 'resources', 'profit-calculator', 'move-the-needle-coach', 'calendar', 'plans', 'product-qualifier', 'users', 'review', 'insights', 'community', 'search-site', 'support', 'settings'];
// prettier-ignore
const COACH_AI = ['dashboard', 'ai-toolkit', 'courses', 'resources', 'profit-calculator', 'move-the-needle-coach', 'calendar', 'plans', 'product-qualifier', 'users', 'review', 'insights', 'search-site', 'support', 'settings'];
// prettier-ignore
const ADMIN = ['dashboard', 'ai-toolkit', 'courses', 'resources', 'profit-calculator', 'master-template', 'calendar', 'plans', 'product-qualifier', 'users', 'review', 'insights', 'tag-management', 'portal-settings', 'audit-log', 'jobs', 'fee-rate-cards', 'community', 'search-site', 'support', 'settings'];
// prettier-ignore
const ADMIN_AI = ['dashboard', 'ai-toolkit', 'courses', 'resources', 'profit-calculator', 'master-template', 'calendar', 'plans', 'product-qualifier', 'users', 'review', 'insights', 'tag-management', 'portal-settings', 'audit-log', 'jobs', 'fee-rate-cards', 'search-site', 'support', 'settings'];

const EXPECTED_KEYS: Record<Name, string[]> = {
  basic: BASIC,
  basicAfterCutoff: BASIC,
  basicWithAiTag: BASIC_AI,
  basicWithAiTagAfterCutoff: BASIC_AI,
  courseOnly: COURSE,
  courseOnlyAfterCutoff: COURSE,
  courseOnlyWithAiTag: COURSE_AI,
  premiumBeforeCutoff: PREMIUM,
  premiumJustBeforeCutoff: PREMIUM,
  premiumAtCutoff: PREMIUM_HIDDEN,
  premiumAfterCutoff: PREMIUM_HIDDEN,
  premiumInvalidCreatedAt: PREMIUM_HIDDEN,
  premiumDateObjectAfter: PREMIUM_HIDDEN,
  premiumWithAiTag: PREMIUM_AI,
  premiumWithAiTagAfterCutoff: PREMIUM_AI_HIDDEN,
  coach: COACH,
  coachWithAiTag: COACH_AI,
  admin: ADMIN,
  adminWithAiTag: ADMIN_AI,
  adminSwitchedToBasic: BASIC,
  adminSwitchedToPremium: PREMIUM,
};

const NAMES = Object.keys(PRINCIPALS) as Name[];
const keys = (u: Principal) => sidebarItems(u).map((i) => i.key);

/** Every item the sidebar can show, as docs/screens.md describes it. */
const CATALOGUE: Record<string, { label: string; to: string; external: boolean; section: 'main' | 'extra' }> = {
  dashboard: { label: 'Dashboard', to: '/', external: false, section: 'main' },
  'ai-toolkit': { label: 'AI Toolkit', to: '/ai-toolkit', external: false, section: 'main' },
  courses: { label: 'Courses', to: '/courses', external: false, section: 'main' },
  resources: { label: 'Resources', to: '/resources', external: false, section: 'main' },
  'profit-calculator': { label: 'Power Profit Tool', to: '/profit-calculator', external: false, section: 'main' },
  'move-the-needle': { label: 'Move The Needle', to: '/move-the-needle', external: false, section: 'main' },
  'move-the-needle-coach': { label: 'Move The Needle', to: '/move-the-needle', external: false, section: 'main' },
  'master-template': { label: 'Master Template', to: '/move-the-needle', external: false, section: 'main' },
  calendar: { label: 'Calendar', to: '/calendar', external: false, section: 'main' },
  plans: { label: 'Plans', to: '/plans', external: false, section: 'main' },
  'product-qualifier': { label: 'Product Qualifier Tool', to: '/product-qualifier', external: false, section: 'main' },
  users: { label: 'User Dashboard', to: '/users', external: false, section: 'main' },
  review: { label: 'Review queue', to: '/review', external: false, section: 'main' },
  insights: { label: 'Insights', to: '/insights', external: false, section: 'main' },
  'tag-management': { label: 'Tag Management', to: '/tag-management', external: false, section: 'main' },
  'portal-settings': { label: 'Portal settings', to: '/portal-settings', external: false, section: 'main' },
  'audit-log': { label: 'Audit log', to: '/audit-log', external: false, section: 'main' },
  jobs: { label: 'Jobs', to: '/jobs', external: false, section: 'main' },
  'fee-rate-cards': { label: 'Fee rate cards', to: '/fee-rate-cards', external: false, section: 'main' },
  apply: { label: 'Apply To Upgrade or AKG', to: EXTERNAL_LINKS.applyToUpgrade, external: true, section: 'extra' },
  community: { label: 'Community Group', to: EXTERNAL_LINKS.community, external: true, section: 'extra' },
  'search-site': { label: 'Product Search', to: EXTERNAL_LINKS.searchSite, external: true, section: 'extra' },
  upgrades: { label: 'Upgrades', to: EXTERNAL_LINKS.upgrades, external: true, section: 'extra' },
  support: { label: 'Support', to: EXTERNAL_LINKS.support, external: true, section: 'extra' },
  settings: { label: 'Settings', to: '/profile', external: false, section: 'extra' },
};

describe('sidebarItems (docs/screens.md Sidebar)', () => {
  it.each(NAMES)('%s sees exactly the documented items, in order (docs/screens.md)', (name) => {
    expect(keys(PRINCIPALS[name])).toEqual(EXPECTED_KEYS[name]);
  });

  it.each(NAMES)('%s: every item has the documented label, target, section and external flag', (name) => {
    for (const item of sidebarItems(PRINCIPALS[name])) {
      const want = CATALOGUE[item.key];
      expect(want, item.key).toBeDefined();
      expect({ label: item.label, to: item.to, external: item.external ?? false, section: item.section }).toEqual(want);
    }
  });

  it('the external links are the portal settings passed in (the built-in placeholders until they are read)', () => {
    const links = {
      applyUrl: 'https://apply.academy.test/now',
      communityUrl: 'https://community.academy.test/',
      productSearchUrl: 'https://search.academy.test/',
      upgradesUrl: 'https://upgrades.academy.test/',
      supportUrl: 'mailto:help@academy.test',
    };
    const to = (u: Principal) =>
      Object.fromEntries(
        sidebarItems(u, links)
          .filter((i) => i.external)
          .map((i) => [i.key, i.to]),
      );
    expect(to(PRINCIPALS.premiumBeforeCutoff)).toEqual({
      apply: links.applyUrl,
      community: links.communityUrl,
      upgrades: links.upgradesUrl,
      support: links.supportUrl,
    });
    expect(to(PRINCIPALS.admin)).toEqual({
      community: links.communityUrl,
      'search-site': links.productSearchUrl,
      support: links.supportUrl,
    });
  });

  it('Portal settings is for role admin only (not an admin switched to another role)', () => {
    for (const name of NAMES) {
      expect(keys(PRINCIPALS[name]).includes('portal-settings'), name).toBe(PRINCIPALS[name].role === 'admin');
    }
  });

  it('Audit log is for role admin only (not a coach, not an admin switched to another role)', () => {
    for (const name of NAMES) {
      expect(keys(PRINCIPALS[name]).includes('audit-log'), name).toBe(PRINCIPALS[name].role === 'admin');
    }
  });

  it('item keys are unique for every principal', () => {
    for (const name of NAMES) {
      const k = keys(PRINCIPALS[name]);
      expect(new Set(k).size, name).toBe(k.length);
    }
  });

  it('main items come before extra items', () => {
    for (const name of NAMES) {
      const sections = sidebarItems(PRINCIPALS[name]).map((i) => i.section);
      expect(sections, name).toEqual([...sections].sort((a, b) => (a === b ? 0 : a === 'main' ? -1 : 1)));
    }
  });

  it('Dashboard, Courses, Resources, Power Profit Tool, Support and Settings are shown to every role', () => {
    for (const name of NAMES) {
      expect(keys(PRINCIPALS[name]), name).toEqual(
        expect.arrayContaining(['dashboard', 'courses', 'resources', 'profit-calculator', 'support', 'settings']),
      );
    }
  });

  it('AI Toolkit: always for admin and coach; basic and premium only with the aitoolkit tag; never for course only', () => {
    const has = (u: Principal) => keys(u).includes('ai-toolkit');
    expect(has(PRINCIPALS.admin)).toBe(true);
    expect(has(PRINCIPALS.coach)).toBe(true);
    expect(has(PRINCIPALS.basic)).toBe(false);
    expect(has(PRINCIPALS.basicWithAiTag)).toBe(true);
    expect(has(PRINCIPALS.premiumBeforeCutoff)).toBe(false);
    expect(has(PRINCIPALS.premiumWithAiTag)).toBe(true);
    expect(has(PRINCIPALS.courseOnly)).toBe(false);
    expect(has(PRINCIPALS.courseOnlyWithAiTag)).toBe(false);
  });

  it('the aitoolkit tag is matched case-insensitively', () => {
    expect(keys(mk({ role: 'basic', Tags: [{ id: 1, name: 'AiToolKit' }] }))).toContain('ai-toolkit');
  });

  it('premium Move The Needle: shown before the cutoff, hidden on or after 2025-02-13', () => {
    expect(keys(PRINCIPALS.premiumJustBeforeCutoff)).toContain('move-the-needle');
    expect(keys(PRINCIPALS.premiumAtCutoff)).not.toContain('move-the-needle');
    expect(keys(PRINCIPALS.premiumAfterCutoff)).not.toContain('move-the-needle');
  });

  it('coach Move The Needle is for coaches only; Master Template for admins only', () => {
    for (const name of NAMES) {
      const k = keys(PRINCIPALS[name]);
      expect(k.includes('move-the-needle-coach'), name).toBe(PRINCIPALS[name].role === 'coach');
      expect(k.includes('master-template'), name).toBe(PRINCIPALS[name].role === 'admin');
    }
  });

  it('Product Qualifier Tool for basic, premium, admin and coach, not course only', () => {
    for (const name of NAMES) {
      expect(keys(PRINCIPALS[name]).includes('product-qualifier'), name).toBe(PRINCIPALS[name].role !== 'course only');
    }
  });

  it('User Dashboard for admin and coach; Tag Management for admin', () => {
    for (const name of NAMES) {
      const r = PRINCIPALS[name].role;
      expect(keys(PRINCIPALS[name]).includes('users'), name).toBe(r === 'admin' || r === 'coach');
      expect(keys(PRINCIPALS[name]).includes('tag-management'), name).toBe(r === 'admin');
    }
  });

  it('extras: Apply (basic, premium, course only), community (not with aitoolkit tag), search site (not basic/premium), upgrades (premium)', () => {
    for (const name of NAMES) {
      const u = PRINCIPALS[name];
      const k = keys(u);
      const r = u.role;
      const tagged = u.Tags.some((t) => t.name === 'aitoolkit');
      expect(k.includes('apply'), name).toBe(r === 'basic' || r === 'premium' || r === 'course only');
      expect(k.includes('community'), name).toBe(!tagged);
      expect(k.includes('search-site'), name).toBe(r !== 'basic' && r !== 'premium');
      expect(k.includes('upgrades'), name).toBe(r === 'premium');
    }
  });
});

describe('the community link follows the communityMode setting', () => {
  const links = (communityMode: string) => ({
    applyUrl: 'https://apply.academy.test/now',
    communityUrl: 'https://community.academy.test/',
    productSearchUrl: 'https://search.academy.test/',
    upgradesUrl: 'https://upgrades.academy.test/',
    supportUrl: 'mailto:help@academy.test',
    communityMode,
  });

  it.each(NAMES)('%s: in portal mode, Community leads to /community inside the app, after Resources', (name) => {
    const items = sidebarItems(PRINCIPALS[name], links('portal'));
    const community = items.find((i) => i.key === 'portal-community');
    expect(community).toEqual({ key: 'portal-community', label: 'Community', to: '/community', section: 'main' });
    const k = items.map((i) => i.key);
    expect(k.indexOf('portal-community')).toBe(k.indexOf('resources') + 1);
    expect(k).not.toContain('community');
    expect(decideRoute({ ...PRINCIPALS[name], alwaysGrantAccess: true }, '/community').type).toBe('allow');
  });

  it.each(NAMES)('%s: in external mode (and for any other value) the external group stays, as before', (name) => {
    for (const mode of ['external', '', 'Portal', 'somewhere']) {
      const items = sidebarItems(PRINCIPALS[name], links(mode));
      expect(
        items.map((i) => i.key),
        mode,
      ).toEqual(EXPECTED_KEYS[name]);
      expect(
        items.some((i) => i.to === '/community'),
        mode,
      ).toBe(false);
    }
  });
});

describe('sidebar and guard agree', () => {
  const principalArb: fc.Arbitrary<Principal> = fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    role: fc.constantFrom(...ROLES),
    isAdmin: fc.boolean(),
    createdAt: fc.oneof(
      fc.constantFrom(BEFORE, AFTER, AT_CUTOFF, JUST_BEFORE, 'garbage'),
      fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
    ),
    stripeStatus: fc.constantFrom(null, 'active', 'trialing', 'canceled', 'unpaid', 'past_due'),
    alwaysGrantAccess: fc.boolean(),
    Tags: fc.array(fc.record({ id: fc.nat(), name: fc.constantFrom('aitoolkit', 'AITOOLKIT', 'raina', 'vip') }), {
      maxLength: 3,
    }),
  });

  it('every in-app sidebar link is a route the guard allows (for users who are not blocked)', () => {
    fc.assert(
      fc.property(principalArb, (p) => {
        const u = { ...p, alwaysGrantAccess: true };
        for (const item of sidebarItems(u)) {
          if (item.external) continue;
          expect(decideRoute(u, item.to).type, `${u.role} ${item.key}`).toBe('allow');
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('the sidebar does not depend on subscription status, alwaysGrantAccess, id or isAdmin', () => {
    fc.assert(
      fc.property(principalArb, principalArb, (p, q) => {
        const a = sidebarItems(p);
        const b = sidebarItems({
          ...p,
          id: q.id,
          stripeStatus: q.stripeStatus,
          alwaysGrantAccess: q.alwaysGrantAccess,
          isAdmin: q.isAdmin,
        });
        expect(b).toEqual(a);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('canSwitchRoles', () => {
  it('is offered to role admin and to admins who switched to another role (isAdmin)', () => {
    expect(canSwitchRoles(PRINCIPALS.admin)).toBe(true);
    expect(canSwitchRoles(PRINCIPALS.adminSwitchedToBasic)).toBe(true);
    expect(canSwitchRoles(PRINCIPALS.adminSwitchedToPremium)).toBe(true);
    for (const role of ROLES) expect(canSwitchRoles(mk({ role, isAdmin: true }))).toBe(true);
  });

  it('is not offered to anyone else', () => {
    for (const role of ['coach', 'premium', 'course only', 'basic'] as const) {
      expect(canSwitchRoles(mk({ role, isAdmin: false }))).toBe(false);
    }
  });
});
