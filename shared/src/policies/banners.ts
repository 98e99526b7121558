import type { Role } from '../limits';
import type { BannerType } from '../types/banners';
import { isAdminRole, type Principal } from './principal';

/** Dashboard banner actions, asked through can(). */
export type BannerAction = 'banner:manage';

export function isBannerAction(action: string): action is BannerAction {
  return action === 'banner:manage';
}

/** SPEC §6: only admins create, change and delete banners (an admin switched to another role does not). */
export function canManageBanners(user: Principal | null, action: BannerAction): boolean {
  return user !== null && action === 'banner:manage' && isAdminRole(user);
}

/** SPEC §2, §6: the banner a role sees on the dashboard (coach sees the premium banner); admin: none of its own. */
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
