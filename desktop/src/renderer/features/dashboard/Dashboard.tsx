import { showsCommunitySearch } from '@shared/policies/sidebar';
import { PageHeader } from '../../components/Card';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { CommunitySearch } from './CommunitySearch';
import { TotalProductsCard } from '../products/TotalProductsCard';
import { CourseProgressCard } from '../courses/CourseProgressCard';
import { BoardDashboardCard } from '../board/BoardDashboardCard';
import { DashboardBanners } from '../banners/DashboardBanners';
import { ShippingRateCard } from '../banners/ShippingRateCard';
import { RecentResourcesCard } from '../resources/RecentResourcesCard';

/**
 * Dashboard (SPEC §2). The role banners and the stats cards (course progress, products,
 * recent resources, shipping rate, Move the Needle / calendar) arrive with their areas; they
 * go into the grid below, ahead of the community card.
 */
export function Dashboard() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const firstName = user.fullName.trim().split(/\s+/)[0] ?? user.fullName;
  return (
    <div>
      <PageHeader title="Dashboard" description={`Welcome back, ${firstName}.`} />
      <DashboardBanners />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-grid">
        <CourseProgressCard />
        <TotalProductsCard />
        <BoardDashboardCard />
        <ShippingRateCard />
        <RecentResourcesCard />
        {showsCommunitySearch(user) && <CommunitySearch className="md:col-span-2 xl:col-span-3" />}
      </div>
    </div>
  );
}
