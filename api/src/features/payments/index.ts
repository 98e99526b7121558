/** Payments (docs/areas/payments.md): the routes and the Stripe webhook for app.ts, the Stripe sync job for jobs.ts. */
export { paymentRoutes } from './routes';
export { stripeWebhookRoutes } from './webhook';
export { stripeSyncHandler } from './sync-job';
