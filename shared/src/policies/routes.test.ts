import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXTERNAL_LINKS, ROLES } from '../limits';
import type { Principal } from './principal';
import { BEFORE, JUST_BEFORE, AT_CUTOFF, AFTER, AI_TAG, mk } from './test-principals';
import {
  REDIRECTS,
  ROUTES,
  decideRoute,
  findRoute,
  matchPattern,
  roleOrTagPasses,
  type RouteDecision,
  type RouteRule,
} from './routes';

// ---------------------------------------------------------------------------------------------
// Principals
// ---------------------------------------------------------------------------------------------

/** Column order of the matrix below. Status variants are premium members who joined before the cutoff. */
const PRINCIPAL_NAMES = [
  'anonymous',
  'basic',
  'basicAfterCutoff',
  'courseOnly',
  'courseOnlyAfterCutoff',
  'premiumBeforeCutoff',
  'premiumAfterCutoff',
  'premiumAtCutoff',
  'premiumJustBeforeCutoff',
  'coach',
  'admin',
  'adminSwitchedToBasic',
  'basicWithAiTag',
  'courseOnlyWithAiTag',
  'premiumWithAiTag',
  'unpaid',
  'incomplete',
  'incompleteExpired',
  'pastDue',
  'unpaidAlwaysGranted',
  'incompleteAlwaysGranted',
  'incompleteExpiredAlwaysGranted',
  'pastDueAlwaysGranted',
  'trialing',
  'canceled',
  'nullStatus',
  'coachPastDue',
  'adminUnpaid',
] as const;
type PrincipalName = (typeof PRINCIPAL_NAMES)[number];

const premium = (over: Partial<Principal>) => mk({ role: 'premium', ...over });

const PRINCIPALS: Record<PrincipalName, Principal | null> = {
  anonymous: null,
  basic: mk({ role: 'basic', stripeStatus: null }),
  basicAfterCutoff: mk({ role: 'basic', createdAt: AFTER, stripeStatus: null }),
  courseOnly: mk({ role: 'course only' }),
  courseOnlyAfterCutoff: mk({ role: 'course only', createdAt: AFTER }),
  premiumBeforeCutoff: premium({}),
  premiumAfterCutoff: premium({ createdAt: AFTER }),
  premiumAtCutoff: premium({ createdAt: AT_CUTOFF }),
  premiumJustBeforeCutoff: premium({ createdAt: JUST_BEFORE }),
  // Coach and admin joined after the cutoff: the cutoff never applies to them.
  coach: mk({ role: 'coach', createdAt: AFTER, stripeStatus: null }),
  admin: mk({ role: 'admin', createdAt: AFTER, stripeStatus: null, isAdmin: true }),
  adminSwitchedToBasic: mk({ role: 'basic', isAdmin: true, stripeStatus: null }),
  basicWithAiTag: mk({ role: 'basic', Tags: AI_TAG }),
  courseOnlyWithAiTag: mk({ role: 'course only', Tags: AI_TAG }),
  premiumWithAiTag: premium({ Tags: AI_TAG }),
  unpaid: premium({ stripeStatus: 'unpaid' }),
  incomplete: premium({ stripeStatus: 'incomplete' }),
  incompleteExpired: premium({ stripeStatus: 'incomplete_expired' }),
  pastDue: premium({ stripeStatus: 'past_due' }),
  unpaidAlwaysGranted: premium({ stripeStatus: 'unpaid', alwaysGrantAccess: true }),
  incompleteAlwaysGranted: premium({ stripeStatus: 'incomplete', alwaysGrantAccess: true }),
  incompleteExpiredAlwaysGranted: premium({ stripeStatus: 'incomplete_expired', alwaysGrantAccess: true }),
  pastDueAlwaysGranted: premium({ stripeStatus: 'past_due', alwaysGrantAccess: true }),
  trialing: premium({ stripeStatus: 'trialing' }),
  canceled: premium({ stripeStatus: 'canceled' }),
  nullStatus: premium({ stripeStatus: null }),
  coachPastDue: mk({ role: 'coach', stripeStatus: 'past_due' }),
  adminUnpaid: mk({ role: 'admin', stripeStatus: 'unpaid' }),
};

// ---------------------------------------------------------------------------------------------
// The expected matrix, written by hand from docs/screens.md (routes, access guard) and docs/roles.md#subscription-status (blocked statuses).
// ---------------------------------------------------------------------------------------------

/** Redirect-only routes (docs/screens.md). */
const SPEC_REDIRECTS: Record<string, string> = {
  '/ai-tool-kit': '/ai-toolkit',
  '/ai-tool-kit-chat': '/ai-toolkit-chat',
  '/course': '/courses',
};

/**
 * Cell codes:
 *   A allow            D denied ('This Area Is For Mastermind Members Only')
 *   S -> /signin       H -> / (signed-in user leaving sign-in/sign-up)
 *   B -> /blocked      C -> external calendar site (Move the Needle hidden by the cutoff)
 *   R -> the documented redirect for that path (SPEC_REDIRECTS, docs/screens.md)
 *   N not-found
 *
 * Columns, grouped (spaces are only for reading):
 *   anon | basic basicAfter course courseAfter | prem premAfter premAt premJustBefore |
 *   coach admin adminAsBasic | basic+ai course+ai prem+ai | unpaid incomplete incompleteExp pastDue |
 *   the same four with alwaysGrantAccess | trialing canceled null | coachPastDue adminUnpaid
 */
const PUBLIC_ = 'A AAAA AAAA AAA AAA AAAA AAAA AAA AA';
const GUEST__ = 'A HHHH HHHH HHH HHH HHHH HHHH HHH HH';
const REDIR__ = 'R RRRR RRRR RRR RRR RRRR RRRR RRR RR';
const ALLROLE = 'S AAAA AAAA AAA AAA BBBB AAAA AAA BA';
/** /check-stripe-payment: every role, and blocked members too (they wait there for their new status). */
const CHECKPAY = 'S AAAA AAAA AAA AAA AAAA AAAA AAA AA';
const MTN____ = 'S DCDC ACCA AAD DDA BBBB AAAA AAA BA';
const MTN_ID_ = 'S DCDC DCCD AAD DDD BBBB DDDD DDD BA';
const USERS__ = 'S DDDD DDDD AAD DDD BBBB DDDD DDD BA';
const TAGMGMT = 'S DDDD DDDD DAD DDD BBBB DDDD DDD BA';
const AITOOL_ = 'S DDDD DDDD AAD AAA BBBB DDDD DDD BA';
const UNKNOWN = 'N NNNN NNNN NNN NNN NNNN NNNN NNN NN';

// prettier-ignore
const GRID: Record<string, string> = {
  // public
  '/signin':                           GUEST__,
  '/signup':                           GUEST__,
  '/forgot-password':                  PUBLIC_,
  '/reset-password/abc123':            PUBLIC_,
  '/blocked':                          PUBLIC_,
  '/not-found':                        PUBLIC_,
  // redirect-only
  '/ai-tool-kit':                      REDIR__,
  '/ai-tool-kit-chat':                 REDIR__,
  '/course':                           REDIR__,
  // app shell, every role
  '/':                                 ALLROLE,
  '/check-stripe-payment':             CHECKPAY,
  '/resources':                        ALLROLE,
  '/courses':                          ALLROLE,
  '/courses/intro-to-selling':         ALLROLE,
  '/courses/intro-to-selling/3':       ALLROLE,
  '/courses/intro-to-selling/3/17':    ALLROLE,
  '/course/3/17':                      ALLROLE,
  '/lesson-redirect/17':               ALLROLE,
  '/profit-calculator':                ALLROLE,
  '/profit-calculator/3/summary':      ALLROLE,
  '/product-qualifier':                ALLROLE,
  '/profile':                          ALLROLE,
  '/notifications':                    ALLROLE,
  '/calendar':                         ALLROLE,
  '/plans':                            MTN____,
  // role-gated
  '/move-the-needle':                  MTN____,
  '/move-the-needle/42':               MTN_ID_,
  '/users':                            USERS__,
  '/review':                           USERS__,
  '/insights':                         USERS__,
  '/tag-management':                   TAGMGMT,
  '/portal-settings':                  TAGMGMT,
  '/audit-log':                        TAGMGMT,
  '/jobs':                             TAGMGMT,
  '/fee-rate-cards':                   TAGMGMT,
  '/ai-toolkit':                       AITOOL_,
  '/ai-toolkit/chat/listing-writer':   AITOOL_,
  '/ai-toolkit-chat':                  AITOOL_,
  // the community inside the portal: reading for every role, moderation for coaches, spaces for admins
  '/community':                        ALLROLE,
  '/community/post/42':                ALLROLE,
  '/community/member/42':              ALLROLE,
  '/community/moderation':             USERS__,
  '/community/spaces':                 TAGMGMT,
  // unknown paths
  '/nope':                             UNKNOWN,
  '/admin':                            UNKNOWN,
  '/users/5':                          UNKNOWN,
  '/course/3':                         UNKNOWN,
  '/course/3/17/9':                    UNKNOWN,
  '/courses/a/b/c/d':                  UNKNOWN,
  '/ai-toolkit/chat':                  UNKNOWN,
  '/ai-toolkit/chat/a/b':              UNKNOWN,
  '/reset-password':                   UNKNOWN,
  '/move-the-needle/42/extra':         UNKNOWN,
  '/community/post':                   UNKNOWN,
  '/community/post/42/edit':           UNKNOWN,
  '/community/42':                     UNKNOWN,
  '/Signin':                           UNKNOWN,
  '/%75sers':                          UNKNOWN,
};

/** Which matrix row exercises each ROUTES pattern (checked against ROUTES below). */
const PATTERN_SAMPLES: Record<string, string> = {
  '/signin': '/signin',
  '/signup': '/signup',
  '/forgot-password': '/forgot-password',
  '/reset-password/:token': '/reset-password/abc123',
  '/blocked': '/blocked',
  '/not-found': '/not-found',
  '/check-stripe-payment': '/check-stripe-payment',
  '/': '/',
  '/resources': '/resources',
  '/courses': '/courses',
  '/courses/:slug': '/courses/intro-to-selling',
  '/courses/:slug/:moduleId': '/courses/intro-to-selling/3',
  '/courses/:slug/:moduleId/:lessonId': '/courses/intro-to-selling/3/17',
  '/course/:moduleId/:lessonId': '/course/3/17',
  '/lesson-redirect/:lessonId': '/lesson-redirect/17',
  '/profit-calculator': '/profit-calculator',
  '/profit-calculator/:id/summary': '/profit-calculator/3/summary',
  '/move-the-needle': '/move-the-needle',
  '/move-the-needle/:id': '/move-the-needle/42',
  '/product-qualifier': '/product-qualifier',
  '/profile': '/profile',
  '/notifications': '/notifications',
  '/calendar': '/calendar',
  '/plans': '/plans',
  '/users': '/users',
  '/review': '/review',
  '/insights': '/insights',
  '/tag-management': '/tag-management',
  '/portal-settings': '/portal-settings',
  '/audit-log': '/audit-log',
  '/jobs': '/jobs',
  '/fee-rate-cards': '/fee-rate-cards',
  '/ai-toolkit': '/ai-toolkit',
  '/ai-toolkit/chat/:toolName': '/ai-toolkit/chat/listing-writer',
  '/ai-toolkit-chat': '/ai-toolkit-chat',
  '/community': '/community',
  '/community/post/:id': '/community/post/42',
  '/community/member/:id': '/community/member/42',
  '/community/moderation': '/community/moderation',
  '/community/spaces': '/community/spaces',
};

type Outcome = string;

function expand(path: string, code: string): Outcome {
  switch (code) {
    case 'A':
      return 'allow';
    case 'D':
      return 'denied';
    case 'N':
      return 'not-found';
    case 'S':
      return 'redirect:/signin';
    case 'H':
      return 'redirect:/';
    case 'B':
      return 'redirect:/blocked';
    case 'C':
      return `external:${EXTERNAL_LINKS.calendar}`;
    case 'R': {
      const to = SPEC_REDIRECTS[path];
      if (!to) throw new Error(`no documented redirect for ${path}`);
      return `redirect:${to}`;
    }
    default:
      throw new Error(`bad code ${code}`);
  }
}

const EXPECTED: Record<string, Record<PrincipalName, Outcome>> = Object.fromEntries(
  Object.entries(GRID).map(([path, row]) => {
    const codes = row.replace(/ /g, '').split('');
    if (codes.length !== PRINCIPAL_NAMES.length) throw new Error(`row ${path} has ${codes.length} cells`);
    const cells = Object.fromEntries(PRINCIPAL_NAMES.map((name, i) => [name, expand(path, codes[i] as string)]));
    return [path, cells as Record<PrincipalName, Outcome>];
  }),
);

function outcomeOf(d: RouteDecision): Outcome {
  switch (d.type) {
    case 'allow':
      return 'allow';
    case 'denied':
      return 'denied';
    case 'not-found':
      return 'not-found';
    case 'redirect':
      return d.external ? `external:${d.to}` : `redirect:${d.to}`;
  }
}

const decide = (name: PrincipalName, path: string) => outcomeOf(decideRoute(PRINCIPALS[name], path));

const PATHS = Object.keys(EXPECTED);
const PUBLIC_PATHS = ['/signin', '/signup', '/forgot-password', '/reset-password/abc123', '/blocked', '/not-found'];
const NON_PUBLIC_PATHS = PATHS.filter(
  (p) => !PUBLIC_PATHS.includes(p) && !(p in SPEC_REDIRECTS) && EXPECTED[p]?.anonymous !== 'not-found',
);
const SIGNED_IN = PRINCIPAL_NAMES.filter((n) => n !== 'anonymous');
/** Non-public routes a blocked member is sent away from: all but /check-stripe-payment (allowBlocked). */
const BLOCKED_GATED_PATHS = NON_PUBLIC_PATHS.filter((p) => p !== '/check-stripe-payment');

// ---------------------------------------------------------------------------------------------

describe('the matrix itself', () => {
  it('has a row for every ROUTES pattern, and each sample path matches that pattern', () => {
    expect(Object.keys(PATTERN_SAMPLES).sort()).toEqual(ROUTES.map((r) => r.pattern).sort());
    for (const [pattern, sample] of Object.entries(PATTERN_SAMPLES)) {
      expect(GRID[sample], `row for ${sample}`).toBeDefined();
      expect(findRoute(sample)?.rule.pattern).toBe(pattern);
    }
  });

  it('has a row for every documented redirect, and REDIRECTS is exactly that list', () => {
    expect({ ...REDIRECTS }).toEqual(SPEC_REDIRECTS);
    for (const path of Object.keys(SPEC_REDIRECTS)) expect(GRID[path]).toBeDefined();
  });
});

describe.each(PATHS)('decideRoute %s', (path) => {
  it.each(PRINCIPAL_NAMES)(`as %s matches the matrix of docs/screens.md`, (name) => {
    expect(decide(name, path)).toBe(EXPECTED[path]![name]);
  });

  it('gives the same outcome with a trailing slash, a query string, a hash, or all of them', () => {
    for (const name of PRINCIPAL_NAMES) {
      const want = EXPECTED[path]![name];
      const variants =
        path === '/'
          ? ['/?x=1', '/#top', '/?a=1&b=2#h', '//']
          : [`${path}/`, `${path}//`, `${path}?x=1`, `${path}/?x=1&y=%20`, `${path}#section`, `${path}/?q=a/b#c?d`];
      for (const v of variants) expect(decide(name, v), `${name} ${v}`).toBe(want);
    }
  });
});

describe('access guard rules (docs/screens.md)', () => {
  it('public routes pass for everyone, signed in or not, blocked or not', () => {
    for (const path of ['/forgot-password', '/reset-password/t0k3n', '/blocked', '/not-found']) {
      for (const name of PRINCIPAL_NAMES) expect(decide(name, path), `${name} ${path}`).toBe('allow');
    }
  });

  it('/signin and /signup pass for anonymous and send any signed-in user to /', () => {
    for (const path of ['/signin', '/signup', '/signup?signuptags=1,2']) {
      expect(decide('anonymous', path)).toBe('allow');
      for (const name of SIGNED_IN) expect(decide(name, path), `${name} ${path}`).toBe('redirect:/');
    }
  });

  it('a blocked member may wait on /check-stripe-payment for their new status (and nowhere else)', () => {
    for (const name of ['unpaid', 'incomplete', 'incompleteExpired', 'pastDue', 'coachPastDue'] as const) {
      expect(decide(name, '/check-stripe-payment'), name).toBe('allow');
    }
    expect(decide('anonymous', '/check-stripe-payment')).toBe('redirect:/signin');
  });

  it('anonymous goes to /signin for every non-public route', () => {
    expect(NON_PUBLIC_PATHS.length).toBe(34); // one sample per gated pattern
    for (const path of NON_PUBLIC_PATHS) expect(decide('anonymous', path), path).toBe('redirect:/signin');
  });

  it('each blocked stripe status goes to /blocked on every non-public route unless alwaysGrantAccess', () => {
    for (const path of BLOCKED_GATED_PATHS) {
      for (const name of ['unpaid', 'incomplete', 'incompleteExpired', 'pastDue', 'coachPastDue'] as const) {
        expect(decide(name, path), `${name} ${path}`).toBe('redirect:/blocked');
      }
      for (const name of [
        'unpaidAlwaysGranted',
        'incompleteAlwaysGranted',
        'incompleteExpiredAlwaysGranted',
        'pastDueAlwaysGranted',
      ] as const) {
        expect(decide(name, path), `${name} ${path}`).not.toBe('redirect:/blocked');
        // With alwaysGrantAccess they are treated exactly like an active premium member.
        expect(decide(name, path), `${name} ${path}`).toBe(EXPECTED[path]!.premiumBeforeCutoff);
      }
    }
  });

  it('active, trialing, canceled and null statuses are never blocked', () => {
    for (const path of NON_PUBLIC_PATHS) {
      for (const name of ['premiumBeforeCutoff', 'trialing', 'canceled', 'nullStatus'] as const) {
        expect(decide(name, path), `${name} ${path}`).not.toBe('redirect:/blocked');
      }
    }
  });

  it('admin always passes every known route, even with an unpaid status', () => {
    for (const path of NON_PUBLIC_PATHS) {
      expect(decide('admin', path), path).toBe('allow');
      expect(decide('adminUnpaid', path), path).toBe('allow');
    }
  });

  it('an admin who switched to basic is guarded as basic (admin-only areas are closed)', () => {
    expect(decide('adminSwitchedToBasic', '/users')).toBe('denied');
    expect(decide('adminSwitchedToBasic', '/tag-management')).toBe('denied');
    expect(decide('adminSwitchedToBasic', '/move-the-needle/42')).toBe('denied');
    expect(decide('adminSwitchedToBasic', '/ai-toolkit')).toBe('denied');
    expect(decide('adminSwitchedToBasic', '/')).toBe('allow');
  });

  it('/users passes admin and coach only', () => {
    for (const name of SIGNED_IN) {
      const want = ['admin', 'adminUnpaid', 'coach'].includes(name) ? 'allow' : undefined;
      if (want) expect(decide(name, '/users')).toBe('allow');
      else expect(decide(name, '/users')).not.toBe('allow');
    }
  });

  it('/tag-management passes admin only (not coach)', () => {
    expect(decide('admin', '/tag-management')).toBe('allow');
    expect(decide('coach', '/tag-management')).toBe('denied');
    for (const name of SIGNED_IN.filter((n) => n !== 'admin' && n !== 'adminUnpaid')) {
      expect(decide(name, '/tag-management')).not.toBe('allow');
    }
  });

  it('/move-the-needle passes coach and premium before the cutoff; premium after goes to the calendar', () => {
    expect(decide('coach', '/move-the-needle')).toBe('allow');
    expect(decide('premiumBeforeCutoff', '/move-the-needle')).toBe('allow');
    expect(decide('premiumJustBeforeCutoff', '/move-the-needle')).toBe('allow');
    expect(decide('premiumAfterCutoff', '/move-the-needle')).toBe(`external:${EXTERNAL_LINKS.calendar}`);
    expect(decide('premiumAtCutoff', '/move-the-needle')).toBe(`external:${EXTERNAL_LINKS.calendar}`);
    expect(decide('basic', '/move-the-needle')).toBe('denied');
    expect(decide('courseOnly', '/move-the-needle')).toBe('denied');
  });

  it('the calendar redirect is marked external and points at the calendar site', () => {
    const d = decideRoute(PRINCIPALS.premiumAfterCutoff, '/move-the-needle');
    expect(d).toEqual({ type: 'redirect', to: EXTERNAL_LINKS.calendar, external: true });
  });

  it('the calendar redirect goes to the calendar site the portal settings name', () => {
    const d = decideRoute(PRINCIPALS.premiumAfterCutoff, '/move-the-needle', 'https://book.academy.test/rainmaker');
    expect(d).toEqual({ type: 'redirect', to: 'https://book.academy.test/rainmaker', external: true });
  });

  it('in-app redirects are not marked external', () => {
    for (const [path, name] of [
      ['/users', 'anonymous'],
      ['/users', 'unpaid'],
      ['/signin', 'basic'],
      ['/course', 'basic'],
    ] as const) {
      const d = decideRoute(PRINCIPALS[name], path);
      expect(d.type).toBe('redirect');
      expect(d.type === 'redirect' && d.external).toBeFalsy();
    }
  });

  it('/move-the-needle/:id passes coach and admin only; members are denied, or sent to the calendar after the cutoff', () => {
    expect(decide('coach', '/move-the-needle/42')).toBe('allow');
    expect(decide('admin', '/move-the-needle/42')).toBe('allow');
    expect(decide('premiumBeforeCutoff', '/move-the-needle/42')).toBe('denied');
    expect(decide('premiumAfterCutoff', '/move-the-needle/42')).toBe(`external:${EXTERNAL_LINKS.calendar}`);
    expect(decide('basic', '/move-the-needle/42')).toBe('denied');
  });

  it('ai-toolkit routes pass coach, admin and holders of the aitoolkit tag (any role), and deny the rest', () => {
    for (const path of ['/ai-toolkit', '/ai-toolkit/chat/x', '/ai-toolkit-chat']) {
      for (const name of ['coach', 'admin', 'basicWithAiTag', 'courseOnlyWithAiTag', 'premiumWithAiTag'] as const) {
        expect(decide(name, path), `${name} ${path}`).toBe('allow');
      }
      for (const name of ['basic', 'courseOnly', 'premiumBeforeCutoff', 'adminSwitchedToBasic'] as const) {
        expect(decide(name, path), `${name} ${path}`).toBe('denied');
      }
    }
  });

  it('the aitoolkit tag matches whatever its case or surrounding spaces', () => {
    const u = mk({ role: 'basic', Tags: [{ id: 1, name: ' AIToolKit ' }] });
    expect(decideRoute(u, '/ai-toolkit').type).toBe('allow');
  });

  it('a tag does not open routes that have no tag rule', () => {
    const u = mk({
      role: 'basic',
      Tags: [
        { id: 1, name: 'aitoolkit' },
        { id: 2, name: 'coach' },
        { id: 3, name: 'admin' },
      ],
    });
    expect(decideRoute(u, '/users').type).toBe('denied');
    expect(decideRoute(u, '/tag-management').type).toBe('denied');
  });

  it('unknown paths are not-found for everyone, including anonymous', () => {
    for (const path of ['/nope', '/x/y/z', '/users/5/edit', '/Signin', '/api/users']) {
      for (const name of PRINCIPAL_NAMES) expect(decide(name, path), `${name} ${path}`).toBe('not-found');
    }
  });

  it('The documented redirects apply before any session check and ignore trailing slash and query', () => {
    expect(decideRoute(null, '/ai-tool-kit/')).toEqual({ type: 'redirect', to: '/ai-toolkit' });
    expect(decideRoute(null, '/ai-tool-kit-chat?x=1')).toEqual({ type: 'redirect', to: '/ai-toolkit-chat' });
    expect(decideRoute(PRINCIPALS.unpaid, '/course/')).toEqual({ type: 'redirect', to: '/courses' });
  });
});

describe('decideRoute results carry the rule and params', () => {
  it('an allowed route returns its rule and decoded params', () => {
    const d = decideRoute(PRINCIPALS.admin, '/ai-toolkit/chat/my%20tool?x=1');
    expect(d.type).toBe('allow');
    if (d.type !== 'allow') return;
    expect(d.rule.pattern).toBe('/ai-toolkit/chat/:toolName');
    expect(d.params).toEqual({ toolName: 'my tool' });
  });

  it('multi-param routes return every param by name', () => {
    const d = decideRoute(PRINCIPALS.basic, '/courses/my-course/12/34/');
    expect(d).toMatchObject({ type: 'allow', params: { slug: 'my-course', moduleId: '12', lessonId: '34' } });
    const e = decideRoute(null, '/reset-password/abc%2Fdef');
    expect(e).toMatchObject({ type: 'allow', params: { token: 'abc/def' } });
  });

  it('routes without params return an empty params object', () => {
    expect(decideRoute(PRINCIPALS.basic, '/profile')).toMatchObject({ type: 'allow', params: {} });
    expect(decideRoute(null, '/signin')).toMatchObject({ type: 'allow', params: {} });
  });

  it('a denied route names the rule that denied it', () => {
    const d = decideRoute(PRINCIPALS.basic, '/users');
    expect(d.type).toBe('denied');
    if (d.type === 'denied') expect(d.rule.pattern).toBe('/users');
  });
});

describe('malformed input', () => {
  it('malformed percent-encoding in a param does not throw and yields not-found', () => {
    const bad = [
      '/courses/%E0%A4%A',
      '/courses/%',
      '/courses/intro/%zz',
      '/courses/intro/3/%C0',
      '/course/%/1',
      '/move-the-needle/%',
      '/reset-password/%E0%A4%A',
      '/ai-toolkit/chat/%ZZ',
      '/lesson-redirect/%',
    ];
    for (const path of bad) {
      for (const name of PRINCIPAL_NAMES) {
        expect(() => decideRoute(PRINCIPALS[name], path), `${name} ${path}`).not.toThrow();
        expect(decide(name, path), `${name} ${path}`).toBe('not-found');
      }
    }
  });

  it('percent-encoding in a static segment is not decoded (no match)', () => {
    expect(decide('admin', '/%75sers')).toBe('not-found');
    expect(decide('admin', '/move-the-needle%2F42')).toBe('not-found');
  });

  it('Object.prototype names as paths are not treated as redirects', () => {
    for (const path of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const name of PRINCIPAL_NAMES) {
        const d = decideRoute(PRINCIPALS[name], path);
        expect(d, `${name} ${path}`).toEqual({ type: 'not-found' });
      }
    }
  });

  it('an empty path, a bare query or only slashes is the dashboard', () => {
    for (const path of ['', '?x=1', '#a', '///']) {
      expect(decide('basic', path), path).toBe('allow');
      expect(decide('anonymous', path), path).toBe('redirect:/signin');
    }
  });

  it('never throws for any string, for any principal (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.webPath(),
          fc
            .array(
              fc.oneof(fc.constantFrom('%', '%E0', '%A4%A', '?', '#', '/', '..', 'courses', 'users'), fc.string()),
              {
                maxLength: 6,
              },
            )
            .map((parts) => `/${parts.join('/')}`),
        ),
        fc.constantFrom(...PRINCIPAL_NAMES),
        (path, name) => {
          const d = decideRoute(PRINCIPALS[name], path);
          expect(['allow', 'redirect', 'denied', 'not-found']).toContain(d.type);
          if (d.type === 'redirect') expect(typeof d.to).toBe('string');
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('matchPattern', () => {
  it('matches static patterns exactly', () => {
    expect(matchPattern('/users', '/users')).toEqual({});
    expect(matchPattern('/users', '/user')).toBeNull();
    expect(matchPattern('/users', '/users/1')).toBeNull();
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/', '/users')).toBeNull();
  });

  it('extracts and decodes params', () => {
    expect(matchPattern('/a/:x/:y', '/a/1/two%20words')).toEqual({ x: '1', y: 'two words' });
    expect(matchPattern('/a/:x', '/a/%E2%9C%93')).toEqual({ x: '✓' });
  });

  it('ignores trailing slashes, query strings and hashes', () => {
    expect(matchPattern('/a/:x', '/a/1/')).toEqual({ x: '1' });
    expect(matchPattern('/a/:x', '/a/1?y=2')).toEqual({ x: '1' });
    expect(matchPattern('/a/:x', '/a/1#frag')).toEqual({ x: '1' });
  });

  it('returns null (not an exception) for a malformed escape in a param', () => {
    expect(matchPattern('/a/:x', '/a/%E0%A4%A')).toBeNull();
    expect(matchPattern('/a/:x', '/a/%')).toBeNull();
  });

  it('does not match when the segment count differs', () => {
    expect(matchPattern('/a/:x', '/a')).toBeNull();
    expect(matchPattern('/a/:x', '/a/1/2')).toBeNull();
  });
});

describe('findRoute', () => {
  it('finds the rule for every sample path and null for unknown paths', () => {
    for (const [pattern, sample] of Object.entries(PATTERN_SAMPLES)) {
      expect(findRoute(sample)?.rule.pattern).toBe(pattern);
    }
    expect(findRoute('/nope')).toBeNull();
    expect(findRoute('/course')).toBeNull(); // redirect-only, not a rule
  });

  it('guestOnly is set on exactly /signin and /signup', () => {
    expect(
      ROUTES.filter((r) => r.guestOnly)
        .map((r) => r.pattern)
        .sort(),
    ).toEqual(['/signin', '/signup']);
  });

  it('hiddenByCutoff is set on exactly the two Move the Needle routes and Plans (recurring cards for the board)', () => {
    expect(
      ROUTES.filter((r) => r.hiddenByCutoff)
        .map((r) => r.pattern)
        .sort(),
    ).toEqual(['/move-the-needle', '/move-the-needle/:id', '/plans']);
  });
});

describe('roleOrTagPasses', () => {
  const rule = (over: Partial<RouteRule>): RouteRule => ({ pattern: '/x', roles: ['coach'], ...over });

  it('public rules pass anyone', () => {
    for (const role of ROLES) expect(roleOrTagPasses(mk({ role }), rule({ roles: 'public' }))).toBe(true);
  });

  it('role admin passes any rule, even one with no roles', () => {
    expect(roleOrTagPasses(mk({ role: 'admin' }), rule({ roles: [] }))).toBe(true);
  });

  it('isAdmin alone does not pass a rule (role decides)', () => {
    expect(roleOrTagPasses(mk({ role: 'basic', isAdmin: true }), rule({ roles: ['coach'] }))).toBe(false);
  });

  it('a listed role passes; an unlisted one does not', () => {
    expect(roleOrTagPasses(mk({ role: 'coach' }), rule({}))).toBe(true);
    expect(roleOrTagPasses(mk({ role: 'premium' }), rule({}))).toBe(false);
  });

  it('a listed tag passes regardless of role; other tags and rules without tags do not', () => {
    const tagged = mk({ role: 'course only', Tags: [{ id: 1, name: 'AITOOLKIT' }] });
    expect(roleOrTagPasses(tagged, rule({ tags: ['aitoolkit'] }))).toBe(true);
    expect(roleOrTagPasses(tagged, rule({ tags: ['raina'] }))).toBe(false);
    expect(roleOrTagPasses(tagged, rule({}))).toBe(false);
  });
});

describe('decideRoute properties over random principals', () => {
  const principalArb: fc.Arbitrary<Principal> = fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    role: fc.constantFrom(...ROLES),
    isAdmin: fc.boolean(),
    createdAt: fc.oneof(
      fc.constantFrom(BEFORE, AFTER, AT_CUTOFF, JUST_BEFORE, 'garbage'),
      fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
    ),
    stripeStatus: fc.constantFrom(
      null,
      'active',
      'trialing',
      'canceled',
      'unpaid',
      'incomplete',
      'incomplete_expired',
      'past_due',
    ),
    alwaysGrantAccess: fc.boolean(),
    Tags: fc.array(
      fc.record({ id: fc.nat(), name: fc.constantFrom('aitoolkit', 'AIToolkit', 'raina', 'vip', 'coach') }),
      { maxLength: 3 },
    ),
  });
  const pathArb = fc.constantFrom(...PATHS);

  it('role admin is never denied, blocked or sent to the calendar', () => {
    fc.assert(
      fc.property(principalArb, pathArb, (p, path) => {
        const d = outcomeOf(decideRoute({ ...p, role: 'admin' }, path));
        expect([
          'denied',
          'redirect:/blocked',
          'redirect:/signin',
          `external:${EXTERNAL_LINKS.calendar}`,
        ]).not.toContain(d);
      }),
      { numRuns: 2000 },
    );
  });

  it('a blocked status without alwaysGrantAccess never reaches a non-public route (non-administrators)', () => {
    fc.assert(
      fc.property(
        principalArb,
        fc.constantFrom('unpaid', 'incomplete', 'incomplete_expired', 'past_due'),
        fc.constantFrom(...BLOCKED_GATED_PATHS),
        (p, status, path) => {
          const u: Principal = {
            ...p,
            role: p.role === 'admin' ? 'basic' : p.role,
            isAdmin: false,
            stripeStatus: status,
            alwaysGrantAccess: false,
          };
          expect(outcomeOf(decideRoute(u, path))).toBe('redirect:/blocked');
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a non-admin is allowed a gated route only if the role is listed or a listed tag is held', () => {
    fc.assert(
      fc.property(principalArb, pathArb, (p, path) => {
        const d = decideRoute(p, path);
        if (d.type !== 'allow' || d.rule.roles === 'public' || p.role === 'admin') return;
        const byRole = d.rule.roles.includes(p.role);
        const byTag = (d.rule.tags ?? []).some((t) => p.Tags.some((x) => x.name.trim().toLowerCase() === t));
        expect(byRole || byTag).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('the outcome does not depend on the user id or on unrelated tags', () => {
    fc.assert(
      fc.property(principalArb, fc.integer({ min: 1, max: 10_000 }), pathArb, (p, otherId, path) => {
        const a = outcomeOf(decideRoute(p, path));
        const b = outcomeOf(
          decideRoute({ ...p, id: otherId, Tags: [...p.Tags, { id: 999, name: 'unrelated' }] }, path),
        );
        expect(b).toBe(a);
      }),
      { numRuns: 1000 },
    );
  });
});
