import type { Role } from '../limits';
import { BANNER_TYPES, type BannerType } from '../types/banners';
import { isAdminRole, type Principal } from './principal';

/** Dashboard banner actions, asked through can(). */
export type BannerAction = 'banner:manage' | 'banner:read';

/** What 'banner:read' is about: the banner of one type. */
export interface BannerSubject {
  bannerType: BannerType;
}

/** What the dashboard's 'banner:read' of several banners is about: the types it reads (readableBannerTypes). */
export interface BannerListSubject {
  bannerTypes: readonly BannerType[];
}

export function isBannerAction(action: string): action is BannerAction {
  return action === 'banner:manage' || action === 'banner:read';
}

const isBannerSubject = (subject: unknown): subject is BannerSubject =>
  typeof subject === 'object' && subject !== null && 'bannerType' in subject;

const isBannerListSubject = (subject: unknown): subject is BannerListSubject =>
  typeof subject === 'object' && subject !== null && 'bannerTypes' in subject;

/**
 * docs/areas/banners.md#who-may-do-what: only admins create, change and delete banners (an admin switched to another role does
 * not). 'banner:read' of one type's banner: see `canReadBanner`; without a banner, every signed-in
 * user reads the banner of their own role.
 */
export function canOnBanners(user: Principal | null, action: BannerAction, subject?: unknown): boolean {
  if (!user) return false;
  if (action === 'banner:manage') return isAdminRole(user);
  if (isBannerListSubject(subject)) return subject.bannerTypes.every((type) => canReadBanner(user, type));
  return isBannerSubject(subject) ? canReadBanner(user, subject.bannerType) : true;
}

/** docs/areas/banners.md#screens, docs/areas/banners.md#who-may-do-what: the banner a role sees on the dashboard (coach sees the premium banner); admin: none of its own. */
export function bannerTypeForRole(role: Role): BannerType | null {
  switch (role) {
    case 'premium':
    case 'coach':
      return 'premium';
    case 'basic':
      return 'basic';
    case 'course only':
      return 'course only';
    default:
      return null;
  }
}

/** Members read only the banner of their role; admins read all three. */
export function canReadBanner(user: Principal | null, type: BannerType): boolean {
  if (!user) return false;
  return isAdminRole(user) || bannerTypeForRole(user.role) === type;
}

/** The banner types a user reads (the dashboard's read of all banners): every type for admins, else their role's. */
export function readableBannerTypes(user: Principal | null): BannerType[] {
  return BANNER_TYPES.filter((type) => canReadBanner(user, type));
}

/**
 * The dashboard's 'Current Average Shipping Rate' card: shown to premium members and coaches (the
 * readers of the premium banner) when the premium banner has an average_shipping_rate.
 */
export function showsShippingRateCard(
  user: Principal | null,
  premiumBanner: { average_shipping_rate: number | null } | null | undefined,
): boolean {
  if (!user || bannerTypeForRole(user.role) !== 'premium') return false;
  return premiumBanner?.average_shipping_rate !== null && premiumBanner?.average_shipping_rate !== undefined;
}
