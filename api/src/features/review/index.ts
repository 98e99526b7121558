/**
 * The review queue (docs/areas/review.md): its routes for the app, and when a card entered FOR
 * REVIEW for the Insights page.
 */
export { reviewRoutes } from './routes';
export { waitingSinceSql } from './waiting';
export { pruneReviewDeadlineAlerts, reviewSlaHours, sendReviewDeadlineAlerts } from './deadline';
