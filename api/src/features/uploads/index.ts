/** Uploads (docs/security.md#uploads): the routes for app.ts and the sweeper of unreferenced files for jobs.ts. */
export { uploadRoutes } from './routes';
export { sweepUnreferencedUploads } from './sweeper';
