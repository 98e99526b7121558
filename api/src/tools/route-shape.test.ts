import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './route-table';
import { declaresRoutes, routeFiles, routeShapeProblems } from './route-shape';

/** Every feature keeps the shape (docs/architecture.md): routes declared with the chain, no SQL in route files. */
describe('route files keep the shape: the chain, and no SQL', () => {
  const files = routeFiles(ROOT);
  const problems = (file: string) => routeShapeProblems(file, fs.readFileSync(path.join(ROOT, file), 'utf8'));

  it('finds the route files of every feature', () => {
    expect(files).toContain('api/src/features/board/routes/cards.ts');
    expect(files).toContain('api/src/features/tags/routes.ts');
    expect(files.length).toBeGreaterThan(20);
  });

  it('every feature declares its routes with the chain and holds no SQL', () => {
    expect(files.flatMap(problems)).toEqual([]);
  });
});

describe('routeShapeProblems', () => {
  const check = (body: string) =>
    routeShapeProblems('x.ts', `export function r(router: any, ctx: any) {\n${body}\n}`).map((p) => p.problem);

  it('accepts a route of the chain that hands the transaction to a service', () => {
    expect(
      check("router.post('/a', ...endpoint({}, async (ctx) => { await save(ctx.trx, ctx.deps.knex); }));"),
    ).toEqual([]);
  });

  it('flags a route outside the chain, a knex or trx call, a property of them and raw SQL', () => {
    expect(check("router.get('/a', auth(), async (ctx) => { ctx.body = 1; });")).toEqual([
      'route declared outside the chain (use ...endpoint(options, handler))',
    ]);
    expect(check("router.get('/a', ...endpoint({}, async (ctx) => { await ctx.deps.knex('tags'); }));")).toEqual([
      'SQL in a route file: knex(...)',
    ]);
    expect(check("router.get('/a', ...endpoint({}, async (ctx) => { await ctx.trx('tags').del(); }));")).toEqual([
      'SQL in a route file: trx(...)',
    ]);
    expect(check("router.get('/a', ...endpoint({}, async (ctx) => { await ctx.trx.raw('select 1'); }));")).toEqual([
      'SQL in a route file: .raw(...)',
    ]);
    expect(check("router.get('/a', ...endpoint({}, async (ctx) => { ctx.deps.knex.fn.now(); }));")).toEqual([
      'SQL in a route file: knex.fn',
    ]);
  });

  it('recognises a route whatever the router is called', () => {
    const text = "export function r(api: any) {\n  api.get('/a', auth(), async () => undefined);\n}";
    expect(routeShapeProblems('x.ts', text).map((p) => p.problem)).toEqual([
      'route declared outside the chain (use ...endpoint(options, handler))',
    ]);
    expect(declaresRoutes('x.ts', text)).toBe(true);
    expect(declaresRoutes('x.ts', "export const v = (ctx: any) => ctx.cookies.get('device', { signed: true });")).toBe(
      false,
    );
  });

  it('flags database access whatever the connection is called', () => {
    const route = (body: string) => `router.get('/a', ...endpoint({}, async (ctx) => { ${body} }));`;
    expect(check(route("const db = ctx.trx; await db('tags').del();"))).toEqual(['SQL in a route file: db(...)']);
    expect(check(route("const { knex: k } = ctx.deps; await k('tags');"))).toEqual(['SQL in a route file: k(...)']);
    expect(check(route('const db = ctx.deps.knex; const q = db; await q.select(1);'))).toEqual([
      'SQL in a route file: q.select',
    ]);
    expect(check(route('await Tag.query(ctx.trx).findById(1);'))).toEqual(['SQL in a route file: .query(...)']);
    expect(check(route("await anything.raw('select 1');"))).toEqual(['SQL in a route file: .raw(...)']);
    expect(check(route('await ctx.deps.pool.query(sql);'))).toEqual(['SQL in a route file: .query(...)']);
    const typed = `export function r(router: any, db: Knex.Transaction) {\n${route("await db('tags');")}\n}`;
    expect(routeShapeProblems('x.ts', typed).map((p) => p.problem)).toEqual(['SQL in a route file: db(...)']);
  });

  it('flags a value import of the database or the models; a type-only import is fine', () => {
    const withImport = (line: string) =>
      routeShapeProblems(
        'x.ts',
        `${line}\nexport function r(router: any) {\n  router.get('/a', ...endpoint({}, h));\n}`,
      ).map((p) => p.problem);
    expect(withImport("import { Tag } from '../../models';")).toEqual([
      "database import in a route file: '../../models'",
    ]);
    expect(withImport("import knex from 'knex';")).toEqual(["database import in a route file: 'knex'"]);
    expect(withImport("import { db } from '../../db/connection';")).toEqual([
      "database import in a route file: '../../db/connection'",
    ]);
    expect(withImport("import type { UserRow } from '../../models';")).toEqual([]);
    expect(withImport("import { type UserRow } from '../../models';")).toEqual([]);
  });

  it('ignores a file without routes', () => {
    expect(routeShapeProblems('s.ts', "export const q = (knex: any) => knex('tags');")).toEqual([]);
  });
});
