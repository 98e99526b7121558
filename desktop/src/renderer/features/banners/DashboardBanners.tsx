import { can } from '@shared/policies/actions';
import { bannerTypeForRole } from '@shared/policies/banners';
import type { BannerType } from '@shared/types';
import { Banner } from '../../components/Banner';
import { toApiError } from '../../lib/apiErrors';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { BannerManager } from './BannerManager';
import { BannerView } from './BannerView';
import { useGetBannerQuery } from './bannersApi';

function RoleBanner({ type }: { type: BannerType }) {
  const { data: banner, error, isLoading } = useGetBannerQuery(type);
  if (isLoading) return <div className="mb-6 h-32 animate-pulse rounded-xl bg-gray-100" aria-hidden="true" />;
  if (error) {
    return (
      // A failed banner does not stop the dashboard: told politely (role=status), not as an alert.
      <Banner kind="warning" className="mb-6">
        The banner could not be loaded: {toApiError(error).message}
      </Banner>
    );
  }
  // No banner set for this group: nothing to show.
  if (!banner) return null;
  return <BannerView banner={banner} className="mb-6" />;
}

/**
 * The dashboard's banner area (docs/areas/banners.md#screens, docs/areas/banners.md#who-may-do-what): admins get the editor of the three banners; every
 * other member sees the banner of their role (coach: premium).
 */
export function DashboardBanners() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  if (can(user, 'banner:manage')) return <BannerManager />;
  const type = bannerTypeForRole(user.role);
  return type ? <RoleBanner type={type} /> : null;
}
