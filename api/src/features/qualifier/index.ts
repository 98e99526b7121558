/** The Product Qualifier (docs/areas/seller-tools.md): its routes, for app.ts. */
export { qualifierRoutes } from './routes';
