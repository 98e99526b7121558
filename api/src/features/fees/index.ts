/** Amazon fee estimates from a product's dimensions and the dated rate cards (docs/areas/seller-tools.md). */
export { feeRoutes } from './routes';
export { vatRatesInForce } from './service';
