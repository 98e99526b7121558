import { dashboardBoardCard, showsCommunitySearch } from '@shared/policies/dashboard';
import { can } from '@shared/policies';
import { showsReviewQueueCard } from '@shared/policies/review';
import { PageHeader } from '../../components/Card';
import { selectCurrentUser, useAppSelector } from '../../app/hooks';
import { cn } from '../../lib/cn';
import { CommunitySearch } from './CommunitySearch';
import { FirstRunCard } from './FirstRunCard';
import { TotalProductsCard } from '../products/TotalProductsCard';
import { CourseProgressCard } from '../courses/CourseProgressCard';
import { BoardDashboardCard } from '../board/BoardDashboardCard';
import { DueSoonCard } from '../board/DueSoonCard';
import { DashboardBanners } from '../banners/DashboardBanners';
import { ShippingRateCard } from '../banners/ShippingRateCard';
import { RecentResourcesCard } from '../resources/RecentResourcesCard';
import { ReviewQueueCard } from '../review/ReviewQueueCard';

/**
 * Dashboard (docs/screens.md): a member's getting-started checklist (docs/screens.md#getting-started),
 * the role banners, then a grid without holes at any width:
 * - the small stat cards (course progress, products, shipping rate, review queue, due soon) are stacked in one column, so
 *   they are as wide as one column and share its height, however many of them a role gets;
 * - the Move the Needle / calendar card (when the role has one) and Recent Resources fill the
 *   other columns: three columns from xl, two from md (Recent Resources then gets a row of its
 *   own when the board card is there), one on phones;
 * - the community search spans the whole width (every role, shared showsCommunitySearch).
 */
export function Dashboard() {
  const user = useAppSelector(selectCurrentUser);
  if (!user) return null;
  const firstName = user.fullName.trim().split(/\s+/)[0] ?? user.fullName;
  const hasBoardCard = dashboardBoardCard(user) !== 'none';
  const managesBanners = can(user, 'banner:manage');
  // "Welcome back" only to someone who has been here before: on their first day, a welcome.
  const firstDay = Date.now() - Date.parse(user.createdAt) < 24 * 3_600_000;
  return (
    <div>
      <PageHeader title="Dashboard" description={firstDay ? `Welcome, ${firstName}.` : `Welcome back, ${firstName}.`} />
      {/* A member's getting-started checklist first: what to do next (coaches and admins never get it). */}
      {can(user, 'first-run:own') && <FirstRunCard user={user} className="mb-6" />}
      {!managesBanners && <DashboardBanners />}
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-grid">
        <div className="flex flex-col gap-6 *:flex-1" data-testid="dashboard-stats">
          <CourseProgressCard />
          <TotalProductsCard />
          <ShippingRateCard />
          {showsReviewQueueCard(user) && <ReviewQueueCard />}
          {dashboardBoardCard(user) === 'donut' && <DueSoonCard />}
        </div>
        {hasBoardCard && <BoardDashboardCard />}
        <RecentResourcesCard className={cn(hasBoardCard ? 'md:col-span-2 xl:col-span-1' : 'xl:col-span-2')} />
        {/* An admin's banner editors come after what the admin came for (the numbers, the queue). */}
        {managesBanners && (
          <div className="md:col-span-2 xl:col-span-3">
            <DashboardBanners />
          </div>
        )}
        {showsCommunitySearch(user) && <CommunitySearch className="md:col-span-2 xl:col-span-3" />}
      </div>
    </div>
  );
}
