/** The Jobs API for admins (docs/areas/jobs.md): its routes, for app.ts. The queue itself is api/src/core/queue. */
export { jobRoutes } from './routes';
