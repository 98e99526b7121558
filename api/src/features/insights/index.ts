/** The Insights page's API (issue 14 §2), for app.ts. */
export { insightsRoutes } from './routes';
