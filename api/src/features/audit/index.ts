/** The audit log's public entry (docs/areas/audit.md): its routes, for app.ts. Rows are written by core/audit.ts. */
export { auditRoutes } from './routes';
