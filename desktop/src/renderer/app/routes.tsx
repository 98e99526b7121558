import { Navigate, Route, Routes } from 'react-router-dom';
import { REDIRECTS } from '@shared/policies/routes';
import { Guard } from '../features/shell/Guard';
import { AppShell } from '../features/shell/AppShell';
import { AuthLayout } from '../features/auth/AuthLayout';
import { NotFoundScreen } from '../features/shell/StatusPages';
import { loadBoardScreen, loadedBoardScreen } from './firstScreen';
import { lazyNamed } from './lazyNamed';
import { auditScreen, insightsScreen } from './screenStarts';

const SignIn = lazyNamed(() => import('../features/auth/SignIn'), 'SignIn');
const SignUp = lazyNamed(() => import('../features/auth/SignUp'), 'SignUp');
const ForgotPassword = lazyNamed(() => import('../features/auth/ForgotPassword'), 'ForgotPassword');
const ResetPassword = lazyNamed(() => import('../features/auth/ResetPassword'), 'ResetPassword');
const Blocked = lazyNamed(() => import('../features/auth/Blocked'), 'Blocked');
const CheckStripePayment = lazyNamed(() => import('../features/auth/CheckStripePayment'), 'CheckStripePayment');
const Dashboard = lazyNamed(() => import('../features/dashboard/Dashboard'), 'Dashboard');
const Profile = lazyNamed(() => import('../features/profile/Profile'), 'Profile');
const Notifications = lazyNamed(() => import('../features/notifications/Notifications'), 'Notifications');
const TagManagement = lazyNamed(() => import('../features/tags/TagManagement'), 'TagManagement');
const ReviewQueue = lazyNamed(() => import('../features/review/ReviewQueue'), 'ReviewQueue');
const Insights = lazyNamed(insightsScreen.load, 'Insights', insightsScreen.loaded);
const PortalSettings = lazyNamed(() => import('../features/settings/PortalSettings'), 'PortalSettings');
const AuditLog = lazyNamed(auditScreen.load, 'AuditLog', auditScreen.loaded);
const Jobs = lazyNamed(() => import('../features/jobs/Jobs'), 'Jobs');
const FeeRateCards = lazyNamed(() => import('../features/fees/FeeRateCards'), 'FeeRateCards');
const Calendar = lazyNamed(() => import('../features/calendar/Calendar'), 'Calendar');
const Plans = lazyNamed(() => import('../features/plans/Plans'), 'Plans');
const MoveTheNeedle = lazyNamed(loadBoardScreen, 'MoveTheNeedle', loadedBoardScreen);
const ProfitCalculator = lazyNamed(() => import('../features/products/ProfitCalculator'), 'ProfitCalculator');
const ProductSummary = lazyNamed(() => import('../features/products/ProductSummary'), 'ProductSummary');
const ProductQualifier = lazyNamed(() => import('../features/qualifier/ProductQualifier'), 'ProductQualifier');
const UserDashboard = lazyNamed(() => import('../features/users/UserDashboard'), 'UserDashboard');
const Courses = lazyNamed(() => import('../features/courses/Courses'), 'Courses');
const CourseDetail = lazyNamed(() => import('../features/courses/CourseDetail'), 'CourseDetail');
const LessonRedirect = lazyNamed(() => import('../features/courses/LessonRedirect'), 'LessonRedirect');
const Resources = lazyNamed(() => import('../features/resources/Resources'), 'Resources');
const AiToolkit = lazyNamed(() => import('../features/ai-toolkit/AiToolkit'), 'AiToolkit');
const AiToolChat = lazyNamed(() => import('../features/ai-toolkit/AiToolChat'), 'AiToolChat');
const CommunityFeed = lazyNamed(() => import('../features/community/CommunityFeed'), 'CommunityFeed');
const CommunityPost = lazyNamed(() => import('../features/community/PostPage'), 'PostPage');
const CommunityMember = lazyNamed(() => import('../features/community/MemberProfile'), 'MemberProfile');
const CommunityModeration = lazyNamed(() => import('../features/community/Moderation'), 'Moderation');
const CommunitySpaces = lazyNamed(() => import('../features/community/SpacesAdmin'), 'SpacesAdmin');

/**
 * Routes (docs/screens.md). The Guard runs first for every path (sign-in, blocked, calendar, members-only
 * and not-found decisions come from the shared decideRoute); layouts and pages follow.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Guard />}>
        <Route element={<AuthLayout />}>
          <Route path="/signin" element={<SignIn />} />
          <Route path="/signup" element={<SignUp />} />
          <Route path="/forgot-password" element={<ForgotPassword />} />
          <Route path="/reset-password/:token" element={<ResetPassword />} />
          <Route path="/blocked" element={<Blocked />} />
          <Route path="/check-stripe-payment" element={<CheckStripePayment />} />
        </Route>
        <Route element={<AppShell />}>
          <Route index element={<Dashboard />} />
          <Route path="/profile" element={<Profile />} />
          <Route path="/notifications" element={<Notifications />} />
          <Route path="/tag-management" element={<TagManagement />} />
          <Route path="/review" element={<ReviewQueue />} />
          <Route path="/insights" element={<Insights />} />
          <Route path="/portal-settings" element={<PortalSettings />} />
          <Route path="/audit-log" element={<AuditLog />} />
          <Route path="/jobs" element={<Jobs />} />
          <Route path="/fee-rate-cards" element={<FeeRateCards />} />
          <Route path="/calendar" element={<Calendar />} />
          <Route path="/plans" element={<Plans />} />
          <Route path="/move-the-needle" element={<MoveTheNeedle />} />
          <Route path="/move-the-needle/:id" element={<MoveTheNeedle />} />
          <Route path="/resources" element={<Resources />} />
          <Route path="/profit-calculator" element={<ProfitCalculator />} />
          <Route path="/product-qualifier" element={<ProductQualifier />} />
          <Route path="/users" element={<UserDashboard />} />
          <Route path="/courses" element={<Courses />} />
          {['/courses/:slug', '/courses/:slug/:moduleId', '/courses/:slug/:moduleId/:lessonId'].map((path) => (
            <Route key={path} path={path} element={<CourseDetail />} />
          ))}
          <Route path="/course/:moduleId/:lessonId" element={<LessonRedirect />} />
          <Route path="/lesson-redirect/:lessonId" element={<LessonRedirect />} />
          <Route path="/ai-toolkit" element={<AiToolkit />} />
          <Route path="/ai-toolkit/chat/:toolName" element={<AiToolChat />} />
          <Route path="/ai-toolkit-chat" element={<AiToolChat />} />
          <Route path="/community" element={<CommunityFeed />} />
          <Route path="/community/post/:id" element={<CommunityPost />} />
          <Route path="/community/member/:id" element={<CommunityMember />} />
          <Route path="/community/moderation" element={<CommunityModeration />} />
          <Route path="/community/spaces" element={<CommunitySpaces />} />
        </Route>
        {/* A printable page of its own, outside the app shell (docs/areas/seller-tools.md#export). */}
        <Route path="/profit-calculator/:id/summary" element={<ProductSummary />} />
        {Object.entries(REDIRECTS).map(([from, to]) => (
          <Route key={from} path={from} element={<Navigate to={to} replace />} />
        ))}
        <Route path="/not-found" element={<NotFoundScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
