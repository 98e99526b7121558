import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../limits';
import { can } from './actions';
import { bannerTypeForRole, canReadBanner, readableBannerTypes, showsShippingRateCard } from './banners';
import type { Principal } from './principal';

const mk = (role: Role, over: Partial<Principal> = {}): Principal => ({
  id: 1,
  role,
  isAdmin: role === 'admin',
  createdAt: '2024-01-01T00:00:00Z',
  stripeStatus: 'active',
  alwaysGrantAccess: false,
  Tags: [],
  ...over,
});

describe('banner policies', () => {
  it('maps each role to its banner (coach sees premium)', () => {
    expect(Object.fromEntries(ROLES.map((r) => [r, bannerTypeForRole(r)]))).toEqual({
      admin: null,
      coach: 'premium',
      premium: 'premium',
      'course only': 'course only',
      basic: 'basic',
    });
  });

  it('lets admins read every banner and members only their own', () => {
    expect(canReadBanner(mk('admin'), 'basic')).toBe(true);
    expect(canReadBanner(mk('coach'), 'premium')).toBe(true);
    expect(canReadBanner(mk('coach'), 'basic')).toBe(false);
    expect(canReadBanner(mk('basic'), 'premium')).toBe(false);
    expect(canReadBanner(null, 'basic')).toBe(false);
  });

  it("asks canReadBanner for 'banner:read' of one type's banner", () => {
    for (const r of ROLES) {
      for (const bannerType of ['basic', 'premium', 'course only'] as const) {
        const user = mk(r);
        expect(can(user, 'banner:read', { bannerType }), `${r} ${bannerType}`).toBe(canReadBanner(user, bannerType));
      }
    }
    expect(can(mk('basic'), 'banner:read', { bannerType: 'premium' })).toBe(false);
    expect(can(mk('premium', { isAdmin: true }), 'banner:read', { bannerType: 'basic' })).toBe(false);
    expect(can(null, 'banner:read', { bannerType: 'basic' })).toBe(false);
  });

  it("reads all banners for admins, their role's for everyone else; 'banner:read' of those types allows them", () => {
    expect(Object.fromEntries(ROLES.map((r) => [r, readableBannerTypes(mk(r))]))).toEqual({
      admin: ['basic', 'premium', 'course only'],
      coach: ['premium'],
      premium: ['premium'],
      'course only': ['course only'],
      basic: ['basic'],
    });
    expect(readableBannerTypes(mk('premium', { isAdmin: true }))).toEqual(['premium']);
    expect(readableBannerTypes(null)).toEqual([]);
    for (const r of ROLES) {
      expect(can(mk(r), 'banner:read', { bannerTypes: readableBannerTypes(mk(r)) }), r).toBe(true);
    }
    expect(can(mk('basic'), 'banner:read', { bannerTypes: ['basic', 'premium'] })).toBe(false);
    expect(can(null, 'banner:read', { bannerTypes: [] })).toBe(false);
  });

  it('lets only role admin manage banners', () => {
    for (const r of ROLES) expect(can(mk(r), 'banner:manage'), r).toBe(r === 'admin');
    expect(can(mk('premium', { isAdmin: true }), 'banner:manage')).toBe(false);
  });

  it('shows the shipping-rate card to premium and coach when the premium banner has a rate', () => {
    const withRate = { average_shipping_rate: 0 };
    for (const r of ROLES) expect(showsShippingRateCard(mk(r), withRate), r).toBe(r === 'premium' || r === 'coach');
    expect(showsShippingRateCard(mk('premium'), { average_shipping_rate: null })).toBe(false);
    expect(showsShippingRateCard(mk('premium'), null)).toBe(false);
  });
});
