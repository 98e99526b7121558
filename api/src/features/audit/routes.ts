import Router from '@koa/router';
import { auditQuerySchema } from '@shared/schemas/audit';
import { endpoint } from '../../core/endpoint';
import type { PortalContext, PortalState } from '../../core/context';
import { auditCsvStream } from './export';
import { auditAuditExport, countAudit, lastAuditId, readAuditLog } from './service';

/**
 * The audit log (docs/areas/audit.md, prefix /api/audit), read-only, role admin only (`audit:read`):
 * - GET /read-many?page=&itemsPerPage=&actor=&action=&target=&from=&to= : a page, newest first, and the total.
 * - GET /export?actor=&action=&target=&from=&to= : every matching entry as CSV, streamed; the
 *   export itself is audited (audit.export) in the transaction that counts it, and the file
 *   holds the entries up to the one before that row.
 */
export function auditRoutes(): Router<PortalState, PortalContext> {
  const router = new Router<PortalState, PortalContext>({ prefix: '/api/audit' });

  router.get(
    '/read-many',
    ...endpoint({ input: auditQuerySchema, from: 'query', authorize: 'audit:read' }, async (ctx) => {
      ctx.body = await readAuditLog(ctx.deps.knex, ctx.input);
    }),
  );

  router.get(
    '/export',
    ...endpoint({ input: auditQuerySchema, from: 'query', authorize: 'audit:read', transaction: true }, async (ctx) => {
      const { page: _page, itemsPerPage: _perPage, ...filters } = ctx.input;
      // The file holds the log as it was when asked: up to the newest entry before its own row.
      const upToId = await lastAuditId(ctx.trx);
      const total = await countAudit(ctx.trx, { ...filters, upToId });
      await auditAuditExport(ctx.trx, total, filters, { actorId: ctx.user.id, ip: ctx.ip });
      ctx.set('Content-Disposition', 'attachment; filename="audit-log.csv"');
      ctx.set('X-Total-Count', String(total));
      ctx.set('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = auditCsvStream(ctx.deps.knex, { ...filters, upToId });
    }),
  );

  return router;
}
