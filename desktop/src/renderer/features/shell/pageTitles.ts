import { useEffect } from 'react';

/** The product's name, the second half of every document title ("Courses - Rainmakers Portal"). */
export const PRODUCT_NAME = 'Rainmakers Portal';

/** Every route pattern of the shared ROUTES table and its page's name (a test keeps them in step). */
export const PAGE_TITLES: Readonly<Record<string, string>> = {
  '/signin': 'Sign in',
  '/signup': 'Create account',
  '/forgot-password': 'Forgot password',
  '/reset-password/:token': 'Reset password',
  '/blocked': 'Subscription problem',
  '/not-found': 'Page not found',
  '/check-stripe-payment': 'Checking payment',
  '/': 'Dashboard',
  '/resources': 'Resources',
  '/courses': 'Courses',
  '/courses/:slug': 'Course',
  '/courses/:slug/:moduleId': 'Course',
  '/courses/:slug/:moduleId/:lessonId': 'Course',
  '/course/:moduleId/:lessonId': 'Course',
  '/lesson-redirect/:lessonId': 'Course',
  '/profit-calculator': 'Power Profit Tool',
  '/profit-calculator/:id/summary': 'Product summary',
  '/move-the-needle': 'Move the Needle',
  '/move-the-needle/:id': 'Move the Needle',
  '/product-qualifier': 'Product Qualifier Tool',
  '/profile': 'Profile',
  '/notifications': 'Notifications',
  '/calendar': 'Calendar',
  '/plans': 'Plans',
  '/users': 'User Dashboard',
  '/review': 'Review queue',
  '/insights': 'Insights',
  '/tag-management': 'Tag Management',
  '/portal-settings': 'Portal settings',
  '/audit-log': 'Audit log',
  '/jobs': 'Jobs',
  '/fee-rate-cards': 'Fee rate cards',
  '/ai-toolkit': 'AI Toolkit',
  '/ai-toolkit/chat/:toolName': 'AI Toolkit',
  '/ai-toolkit-chat': 'AI Toolkit',
  '/community': 'Community',
  '/community/post/:id': 'Community',
  '/community/member/:id': 'Community profile',
  '/community/moderation': 'Community moderation',
  '/community/spaces': 'Community spaces',
};

/** "Courses - Rainmakers Portal"; the product name alone when there is no page name. */
export function documentTitle(page: string | null | undefined): string {
  const name = page?.trim();
  return name ? `${name} - ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * A page that knows a better name than its route's (a course's or a product's title) sets it once
 * loaded. The Guard sets the route's name in a layout effect, which runs before this one.
 */
export function usePageTitle(page: string | null | undefined): void {
  useEffect(() => {
    if (page) document.title = documentTitle(page);
  }, [page]);
}
