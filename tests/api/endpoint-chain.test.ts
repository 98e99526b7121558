import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { Role } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { tagUpsertSchema } from '@shared/schemas';
import { endpoint } from '../../api/src/core/endpoint';
import { assertCan, refuse } from '../../api/src/core/auth';
import { conflict, notFound } from '../../api/src/core/errors';
import { errorHandler, requestId } from '../../api/src/core/http';
import type { TransactionOptions } from '../../api/src/core/transaction';
import { loadSessionUser } from '../../api/src/core/load-session-user';
import type { Deps, Logger, PortalContext, PortalState } from '../../api/src/core/context';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createUser } from '../helpers/factories';

/**
 * The endpoint chain of api/src/core (auth -> validate -> authorize -> transaction -> handler) on
 * a small app of its own: the order of the refusals, the denial log, the transaction, ctx.input.
 */
let db: TestDatabase;
let server: http.Server;
let base: string;
const warnings: Array<{ msg: string; data?: Record<string, unknown> }> = [];
const log: Logger = {
  info: () => undefined,
  warn: (msg, data) => void warnings.push({ msg, data }),
  error: () => undefined,
};
const ids: Record<string, number> = {};
const steps: string[] = [];

function as(role: Role | 'nobody') {
  return supertest.agent(base).set('X-Test-User', role === 'nobody' ? '' : String(ids[role]));
}

/** A feature's transaction options, like the board's lock (defined once, outside the route). */
const lockFirst: TransactionOptions = {
  begin: async (trx) => {
    steps.push('begin');
    await trx.raw('select 1');
  },
  mapError: (err) => (err instanceof Error && err.message === 'conflict' ? conflict('Reload') : err),
};

beforeAll(async () => {
  db = await createTestDatabase();
  for (const role of ['admin', 'basic', 'premium'] as const) ids[role] = (await createUser(db.knex, { role })).id;
  const deps = { knex: db.knex, log } as unknown as Deps;
  const app = new Koa();
  app.context.deps = deps;
  app.use(requestId());
  app.use(errorHandler());
  app.use(koaBody());
  // Stands in for the session: the test says who is signed in.
  app.use(async (ctx, next) => {
    const id = Number(ctx.get('X-Test-User'));
    if (id) (ctx as unknown as PortalContext).state.user = (await loadSessionUser(db.knex, id)) ?? undefined;
    await next();
  });
  const router = new Router<PortalState, PortalContext>({ prefix: '/t' });

  router.post(
    '/tags',
    ...endpoint({ input: tagUpsertSchema, authorize: 'tag:manage', transaction: true }, async (ctx) => {
      expectTypeOf(ctx.input.name).toEqualTypeOf<string>();
      expectTypeOf(ctx.input.openForSignup).toEqualTypeOf<boolean | undefined>();
      expectTypeOf(ctx.trx).toMatchTypeOf<{ commit: unknown }>();
      const [row] = await ctx.trx('tags').insert({ name: ctx.input.name }).returning<Array<{ id: number }>>('id');
      if (ctx.input.name === 'explode') throw new Error('boom after the insert');
      if (ctx.input.name === 'taken') throw conflict('A tag with this name already exists');
      ctx.body = { id: row!.id, input: ctx.input };
    }),
  );

  router.get(
    '/users/:id',
    ...endpoint(
      {
        ids: ['id'],
        authorize: {
          action: 'user:read',
          load: async (ctx) => {
            const input = ctx.input as { id: number };
            const row = await ctx.deps
              .knex('users')
              .where({ id: input.id })
              .first<{ id: number; role: Role; is_admin: boolean } | undefined>('id', 'role', 'is_admin');
            if (!row) throw notFound('User not found');
            return { id: row.id, role: row.role, isAdmin: row.is_admin };
          },
        },
      },
      (ctx) => {
        expectTypeOf(ctx.input.id).toEqualTypeOf<number>();
        ctx.body = { id: ctx.input.id, subject: ctx.subject };
      },
    ),
  );

  router.post(
    '/board',
    ...endpoint(
      {
        transaction: lockFirst,
      },
      (ctx) => {
        steps.push('handler');
        expect(ctx.trx).toBeDefined();
        if ((ctx.request.body as { fail?: boolean }).fail) throw new Error('conflict');
        ctx.body = { ok: true };
      },
    ),
  );

  router.post(
    '/object-rule',
    ...endpoint({}, (ctx) => {
      assertCan(ctx, 'board:card-delete', { id: ctx.user.id, role: ctx.user.role });
      ctx.body = { ok: true };
    }),
  );

  router.post(
    '/refuse',
    ...endpoint({}, (ctx) => {
      refuse(ctx, 'board:list-delete', 'This list cannot be deleted');
    }),
  );

  app.use(router.routes());
  const callback = app.callback();
  server = http.createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
});

beforeEach(() => {
  warnings.length = 0;
  steps.length = 0;
});

const denials = () => warnings.filter((w) => w.msg === 'denied');
const tagNamed = (name: string) => db.knex('tags').where({ name }).first();

describe('the endpoint chain', () => {
  it('is 401 without a user, before validation', async () => {
    const res = await as('nobody').post('/t/tags').send({});
    expect(res.status).toBe(401);
  });

  it('validates before it authorizes: bad input is a 400 with field messages, for any role', async () => {
    const res = await as('basic').post('/t/tags').send({ name: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ name: MESSAGES.fieldRequired });
    expect(denials()).toHaveLength(0);
  });

  it('refuses a role the policy refuses with a 403 and writes the denial log', async () => {
    const res = await as('basic').post('/t/tags').send({ name: 'nope' });
    expect(res.status).toBe(403);
    expect(denials()).toEqual([
      { msg: 'denied', data: expect.objectContaining({ userId: ids.basic, action: 'tag:manage', path: '/t/tags' }) },
    ]);
    expect(await tagNamed('nope')).toBeUndefined();
  });

  it('puts the validated input on ctx.input: cast, trimmed, unknown keys stripped', async () => {
    const res = await as('admin').post('/t/tags').send({ name: '  Shiny  ', openForSignup: 'true', extra: 1 });
    expect(res.status).toBe(200);
    expect(res.body.input).toEqual({ name: 'Shiny', openForSignup: true });
    expect(await tagNamed('Shiny')).toBeDefined();
  });

  it('rolls the transaction back when the handler throws, whatever the error', async () => {
    const boom = await as('admin').post('/t/tags').send({ name: 'explode' });
    expect(boom.status).toBe(500);
    expect(await tagNamed('explode')).toBeUndefined();
    const taken = await as('admin').post('/t/tags').send({ name: 'taken' });
    expect(taken.status).toBe(409);
    expect(await tagNamed('taken')).toBeUndefined();
  });

  it('loads the subject for the policy and hands it to the handler', async () => {
    const own = await as('basic').get(`/t/users/${ids.basic}`);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ id: ids.basic, subject: { id: ids.basic, role: 'basic', isAdmin: false } });
    expect(denials()).toHaveLength(0);
  });

  it('refuses with a logged 403 when the loaded subject is not allowed, and 404s an unknown one', async () => {
    expect((await as('basic').get(`/t/users/${ids.premium}`)).status).toBe(403);
    expect(denials()).toEqual([{ msg: 'denied', data: expect.objectContaining({ action: 'user:read' }) }]);
    expect((await as('admin').get('/t/users/999999')).status).toBe(404);
    expect((await as('admin').get('/t/users/abc')).status).toBe(400);
  });

  it('runs the begin step (the locks) first inside the transaction, and maps its errors', async () => {
    expect((await as('basic').post('/t/board').send({})).status).toBe(200);
    expect(steps).toEqual(['begin', 'handler']);
    const res = await as('basic').post('/t/board').send({ fail: true });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Reload');
  });

  it('logs a refusal made in the handler about an object (assertCan) and one made by refuse()', async () => {
    expect((await as('premium').post('/t/object-rule')).status).toBe(403);
    expect((await as('admin').post('/t/object-rule')).status).toBe(200);
    const res = await as('admin').post('/t/refuse');
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('This list cannot be deleted');
    expect(denials().map((d) => d.data?.action)).toEqual(['board:card-delete', 'board:list-delete']);
  });
});
