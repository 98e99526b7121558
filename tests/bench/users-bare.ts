/**
 * The baseline of the issue-2 benchmark: a bare Koa app (one middleware, no session library,
 * no body parser, no security headers, no router) that runs the same SQL as the portal for
 * GET /api/auth/me and GET /api/user/read-many, on the same database, and presents the same JSON.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Knex } from 'knex';
import type { UserListQuery } from '@shared/schemas';
import { sha256 } from '../../api/src/core/session';
import { loadSessionUser } from '../../api/src/core/load-session-user';
import { presentCurrentUser, presentUser } from '../../api/src/features/users/presenter';
import { listUsers } from '../../api/src/features/users/service';

export interface BareApp {
  base: string;
  close(): Promise<void>;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

export async function startBareApp(knex: Knex, cookieName: string): Promise<BareApp> {
  const app = new Koa();
  app.use(async (ctx) => {
    // The session lookup of the portal's store (same query).
    const key = cookieValue(ctx.get('Cookie'), cookieName);
    const row = key
      ? await knex('sessions')
          .select('data', 'last_seen_at', 'expires_at')
          .where({ id: sha256(key) })
          .first<{ data: { userId?: number }; expires_at: Date } | undefined>()
      : undefined;
    if (!row?.data.userId || new Date(row.expires_at).getTime() <= Date.now()) {
      ctx.status = 401;
      return;
    }
    const user = await loadSessionUser(knex, row.data.userId);
    if (!user) {
      ctx.status = 401;
      return;
    }
    if (ctx.path === '/api/auth/me') {
      ctx.body = { currentUser: presentCurrentUser(user) };
      return;
    }
    if (ctx.path === '/api/user/read-many') {
      const query: UserListQuery = {
        page: 1,
        usersPerPage: 10,
        search: typeof ctx.query.search === 'string' ? ctx.query.search.trim() : '',
        role: '',
        cityOrState: '',
        stripeStatus: '',
        scope: '',
        coach: '',
      };
      const page = await listUsers(knex, query, { community: false });
      ctx.body = {
        users: page.rows.map((r) => presentUser(r, user)),
        totalCount: page.totalCount,
        premiumCount: page.premiumCount,
        basicCount: page.basicCount,
      };
      return;
    }
    ctx.status = 404;
  });
  const callback = app.callback();
  const server = http.createServer((req, res) => void callback(req, res));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}
