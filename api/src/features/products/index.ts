/** The Power Profit Tool's products (docs/areas/seller-tools.md): the routes, and what the qualifier uses to create a product. */
export { productRoutes } from './routes';
export { insertProduct, toColumns as productColumns } from './service';
export { presentProduct, type ProductRow } from './presenter';
