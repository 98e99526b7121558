import { AI_TOOLKIT_TAG, EXTERNAL_LINKS } from '../limits';
import { hasTagNamed, isAdministrator, isMoveTheNeedleHidden, type Principal } from './principal';

export interface SidebarItem {
  key: string;
  label: string;
  /** An in-app path, or an absolute URL for external links. */
  to: string;
  external?: boolean;
  section: 'main' | 'extra';
}

/** The external links of the sidebar: portal settings an admin changes (GET /api/settings). */
export interface SidebarLinks {
  applyUrl: string;
  communityUrl: string;
  productSearchUrl: string;
  upgradesUrl: string;
  supportUrl: string;
  /**
   * Where Community leads (the communityMode setting): 'portal', the community inside the portal
   * (/community, for every role); anything else, the external group at communityUrl.
   */
  communityMode?: string;
}

/** The built-in placeholders, until the settings are read. */
export const DEFAULT_SIDEBAR_LINKS: SidebarLinks = {
  applyUrl: EXTERNAL_LINKS.applyToUpgrade,
  communityUrl: EXTERNAL_LINKS.community,
  productSearchUrl: EXTERNAL_LINKS.searchSite,
  upgradesUrl: EXTERNAL_LINKS.upgrades,
  supportUrl: EXTERNAL_LINKS.support,
};

/** docs/screens.md Sidebar: the items a user sees, in order. */
export function sidebarItems(user: Principal, links: SidebarLinks = DEFAULT_SIDEBAR_LINKS): SidebarItem[] {
  const r = user.role;
  const items: SidebarItem[] = [];
  const add = (cond: boolean, item: Omit<SidebarItem, 'section'>, section: SidebarItem['section'] = 'main') => {
    if (cond) items.push({ ...item, section });
  };
  const aiTag = hasTagNamed(user, AI_TOOLKIT_TAG);
  const portalCommunity = links.communityMode === 'portal';
  add(true, { key: 'dashboard', label: 'Dashboard', to: '/' });
  add(r === 'admin' || r === 'coach' || ((r === 'basic' || r === 'premium') && aiTag), {
    key: 'ai-toolkit',
    label: 'AI Toolkit',
    to: '/ai-toolkit',
  });
  add(true, { key: 'courses', label: 'Courses', to: '/courses' });
  add(true, { key: 'resources', label: 'Resources', to: '/resources' });
  add(portalCommunity, { key: 'portal-community', label: 'Community', to: '/community' });
  add(true, { key: 'profit-calculator', label: 'Power Profit Tool', to: '/profit-calculator' });
  add(r === 'premium' && !isMoveTheNeedleHidden(user), {
    key: 'move-the-needle',
    label: 'Move The Needle',
    to: '/move-the-needle',
  });
  add(r === 'coach', { key: 'move-the-needle-coach', label: 'Move The Needle', to: '/move-the-needle' });
  add(r === 'admin', { key: 'master-template', label: 'Master Template', to: '/move-the-needle' });
  add(true, { key: 'calendar', label: 'Calendar', to: '/calendar' });
  add(r === 'admin' || r === 'coach' || (r === 'premium' && !isMoveTheNeedleHidden(user)), {
    key: 'plans',
    label: 'Plans',
    to: '/plans',
  });
  add(r === 'basic' || r === 'premium' || r === 'admin' || r === 'coach', {
    key: 'product-qualifier',
    label: 'Product Qualifier Tool',
    to: '/product-qualifier',
  });
  add(r === 'admin' || r === 'coach', { key: 'users', label: 'User Dashboard', to: '/users' });
  add(r === 'admin' || r === 'coach', { key: 'review', label: 'Review queue', to: '/review' });
  add(r === 'admin' || r === 'coach', { key: 'insights', label: 'Insights', to: '/insights' });
  add(r === 'admin', { key: 'tag-management', label: 'Tag Management', to: '/tag-management' });
  add(r === 'admin', { key: 'portal-settings', label: 'Portal settings', to: '/portal-settings' });
  add(r === 'admin', { key: 'audit-log', label: 'Audit log', to: '/audit-log' });
  add(r === 'admin', { key: 'jobs', label: 'Jobs', to: '/jobs' });
  add(r === 'admin', { key: 'fee-rate-cards', label: 'Fee rate cards', to: '/fee-rate-cards' });

  const ext = (cond: boolean, key: string, label: string, to: string) =>
    add(cond, { key, label, to, external: true }, 'extra');
  ext(r === 'basic' || r === 'premium' || r === 'course only', 'apply', 'Apply To Upgrade or AKG', links.applyUrl);
  ext(!aiTag && !portalCommunity, 'community', 'Community Group', links.communityUrl);
  ext(r !== 'basic' && r !== 'premium', 'search-site', 'Product Search', links.productSearchUrl);
  ext(r === 'premium', 'upgrades', 'Upgrades', links.upgradesUrl);
  ext(true, 'support', 'Support', links.supportUrl);
  add(true, { key: 'settings', label: 'Settings', to: '/profile' }, 'extra');
  return items;
}

/** 'Switch roles' is offered to admins (role admin or isAdmin). */
export function canSwitchRoles(user: Principal): boolean {
  return isAdministrator(user);
}
