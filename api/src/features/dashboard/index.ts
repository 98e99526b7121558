/** The dashboard's own API (docs/screens.md#getting-started): its routes, for app.ts. */
export { dashboardRoutes } from './routes';
