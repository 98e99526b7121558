/** The Insights page's API (docs/areas/insights.md#insights-page), for app.ts. */
export { insightsRoutes } from './routes';
