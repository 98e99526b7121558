/** Search (docs/areas/search.md): the command palette's one endpoint, for app.ts. */
export { searchRoutes } from './routes';
