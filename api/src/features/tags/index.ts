/** Tags (docs/areas/tags.md): the public entry, its routes for app.ts. */
export { tagRoutes } from './routes';
