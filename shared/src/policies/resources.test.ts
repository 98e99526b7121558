import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../limits';
import { RESOURCE_VISIBILITIES } from '../types/resources';
import { can } from './actions';
import type { Principal } from './principal';
import {
  canUseResources,
  hasResourceAccess,
  isAllowedPurchaseUrl,
  isCourseResource,
  isResourceListed,
  isSafeLinkUrl,
  resourceAudience,
  resourceOpening,
} from './resources';

const mk = (role: Role, over: Partial<Principal> = {}): Principal => ({
  id: 7,
  role,
  isAdmin: role === 'admin',
  createdAt: '2024-01-01T00:00:00.000Z',
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  Tags: [],
  ...over,
});

describe('resource access (docs/areas/resources.md#who-may-do-what)', () => {
  it('opens Free to all; For Sale to admin, owner or tag holder; Included with Premium to premium and coach', () => {
    for (const role of ROLES) {
      const a = resourceAudience(mk(role));
      const plain = { owned: false, tagMatch: false };
      expect(hasResourceAccess(a, { visibility: 'Free', ...plain }), role).toBe(true);
      expect(hasResourceAccess(a, { visibility: 'For Sale', ...plain }), role).toBe(role === 'admin');
      expect(hasResourceAccess(a, { visibility: 'For Sale Premium', ...plain }), role).toBe(role === 'admin');
      expect(hasResourceAccess(a, { visibility: 'Included with Premium', ...plain }), role).toBe(
        ['admin', 'coach', 'premium'].includes(role),
      );
      for (const visibility of RESOURCE_VISIBILITIES) {
        expect(hasResourceAccess(a, { visibility, owned: true, tagMatch: false })).toBe(true);
        expect(hasResourceAccess(a, { visibility, owned: false, tagMatch: true })).toBe(true);
      }
    }
  });

  it('course only (docs/areas/resources.md#who-may-do-what): Included with Premium course resources and premium slides, nothing else premium', () => {
    const plain = { owned: false, tagMatch: false };
    for (const role of ROLES) {
      const a = resourceAudience(mk(role));
      for (const visibility of RESOURCE_VISIBILITIES) {
        for (const courseResource of [false, true]) {
          for (const premiumSlides of [false, true]) {
            const expected =
              role === 'admin' ||
              visibility === 'Free' ||
              (visibility === 'Included with Premium' &&
                (role === 'premium' ||
                  role === 'coach' ||
                  (role === 'course only' && (courseResource || premiumSlides))));
            const got = hasResourceAccess(a, { visibility, ...plain, courseResource, premiumSlides });
            expect(got, `${role} ${visibility} course=${courseResource} slides=${premiumSlides}`).toBe(expected);
          }
        }
      }
    }
    // Listing does not change: For Sale Premium stays unlisted for course-only members.
    const courseOnly = resourceAudience(mk('course only'));
    expect(courseOnly.courseOnly).toBe(true);
    expect(
      isResourceListed(courseOnly, { visibility: 'For Sale Premium', hidden: false, ...plain, premiumSlides: true }),
    ).toBe(false);
    // An admin switched to course only gets what a course-only member gets.
    expect(resourceAudience(mk('course only', { isAdmin: true }))).toMatchObject({ admin: false, courseOnly: true });
  });

  it('a course resource is a Course whose course has a lesson the member can open', () => {
    expect(isCourseResource({ type: 'Course', lessonId: 4 })).toBe(true);
    expect(isCourseResource({ type: 'Course', lessonId: null })).toBe(false);
    expect(isCourseResource({ type: 'Link', lessonId: 4 })).toBe(false);
  });

  it('an admin who switched to basic sees what a basic member sees', () => {
    const a = resourceAudience(mk('basic', { isAdmin: true }));
    expect(a.admin).toBe(false);
    expect(hasResourceAccess(a, { visibility: 'For Sale', owned: false, tagMatch: false })).toBe(false);
    expect(isResourceListed(a, { visibility: 'Free', hidden: true, owned: false, tagMatch: false })).toBe(false);
  });

  it('lists hidden resources to admins only, and For Sale Premium to the premium tier, owners and tag holders', () => {
    for (const role of ROLES) {
      const a = resourceAudience(mk(role));
      const facts = { owned: false, tagMatch: false };
      expect(isResourceListed(a, { visibility: 'Free', hidden: true, ...facts }), role).toBe(role === 'admin');
      expect(isResourceListed(a, { visibility: 'For Sale Premium', hidden: false, ...facts }), role).toBe(
        ['admin', 'coach', 'premium'].includes(role),
      );
      expect(isResourceListed(a, { visibility: 'For Sale Premium', hidden: false, owned: true, tagMatch: false })).toBe(
        true,
      );
    }
  });

  it('says what opening a resource does', () => {
    const base = { url: 'https://x.example', lessonId: 3, purchaseUrl: null, price: null } as const;
    expect(resourceOpening({ ...base, hasAccess: true, type: 'Link', visibility: 'Free' })).toBe('link');
    expect(resourceOpening({ ...base, hasAccess: true, type: 'Article', visibility: 'Free' })).toBe('article');
    expect(resourceOpening({ ...base, hasAccess: true, type: 'Course', visibility: 'Free' })).toBe('course');
    expect(resourceOpening({ ...base, hasAccess: true, type: 'Course', visibility: 'Free', lessonId: null })).toBe(
      'unavailable',
    );
    expect(resourceOpening({ ...base, hasAccess: false, type: 'Link', visibility: 'For Sale', price: 9 })).toBe(
      'purchase-modal',
    );
    expect(
      resourceOpening({
        ...base,
        hasAccess: false,
        type: 'Link',
        visibility: 'For Sale',
        price: 9,
        purchaseUrl: 'https://buy.stripe.com/x',
      }),
    ).toBe('purchase-url');
    expect(resourceOpening({ ...base, hasAccess: false, type: 'Link', visibility: 'Included with Premium' })).toBe(
      'upgrade',
    );
  });

  it('lets members buy and see their portal, admins manage and sync', () => {
    expect(canUseResources(null, 'resource:read')).toBe(false);
    for (const role of ROLES) {
      const u = mk(role);
      expect(canUseResources(u, 'resource:read')).toBe(true);
      expect(canUseResources(u, 'resource:manage')).toBe(role === 'admin');
      expect(canUseResources(u, 'payment:sync')).toBe(role === 'admin');
      expect(canUseResources(u, 'payment:purchase')).toBe(role !== 'admin');
    }
  });

  it("opens the billing portal of the member's own Stripe customer only, whatever the role", () => {
    for (const role of ROLES) {
      const own = { ...mk(role), stripeCustomerId: 'cus_own' };
      expect(canUseResources(own, 'payment:portal'), role).toBe(true);
      expect(canUseResources(own, 'payment:portal', { stripeCustomerId: 'cus_own' }), role).toBe(true);
      expect(canUseResources(own, 'payment:portal', { stripeCustomerId: 'cus_other' }), role).toBe(false);
      const none = { ...mk(role), stripeCustomerId: null };
      expect(canUseResources(none, 'payment:portal', { stripeCustomerId: 'cus_own' }), role).toBe(false);
      expect(can(own, 'payment:portal', { stripeCustomerId: 'cus_other' }), role).toBe(false);
    }
  });
});

describe('purchase and link URLs (docs/security.md redirects)', () => {
  it('accepts https store URLs and their subdomains only', () => {
    expect(isAllowedPurchaseUrl('https://buy.stripe.com/abc')).toBe(true);
    expect(isAllowedPurchaseUrl('https://shop.thrivecart.com/p?x=1')).toBe(true);
    for (const bad of [
      'http://buy.stripe.com/abc',
      'https://buy.stripe.com.evil.io/',
      'https://buy.stripe.com@evil.io/',
      'https://user:pw@buy.stripe.com/',
      'https://buy.stripe.com:8443/',
      'https://evilthrivecart.com/',
      'javascript:alert(1)',
      '//buy.stripe.com/x',
    ]) {
      expect(isAllowedPurchaseUrl(bad), bad).toBe(false);
    }
  });

  it('never accepts a host outside the list (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https', 'http'] }), (url) => {
        const host = url
          .replace(/^https?:\/\//, '')
          .split(/[/?#:@]/)[0]!
          .toLowerCase();
        const listed = [
          'buy.stripe.com',
          'checkout.stripe.com',
          'thrivecart.com',
          'gumroad.com',
          'kajabi.com',
          'samcart.com',
          'myshopify.com',
        ].some((h) => host === h || host.endsWith(`.${h}`));
        if (!listed || url.startsWith('http:')) expect(isAllowedPurchaseUrl(url)).toBe(false);
      }),
    );
  });

  it('accepts http(s) links and refuses other schemes and credentials', () => {
    expect(isSafeLinkUrl('https://example.com/a?b=1#c')).toBe(true);
    expect(isSafeLinkUrl('http://localhost:8080/x')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'https://a@b.com',
      'https://ex ample.com',
      'ftp://x.com',
    ]) {
      expect(isSafeLinkUrl(bad), bad).toBe(false);
    }
  });
});
