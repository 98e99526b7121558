/** Banners (docs/areas/banners.md): the public entry, its routes for app.ts. */
export { bannerRoutes } from './routes';
