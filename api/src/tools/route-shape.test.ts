import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './route-table';
import { routeFiles, routeShapeProblems } from './route-shape';

/** Every feature keeps the shape (issue 11 §1, §3): routes declared with the chain, no SQL in route files. */
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

  it('ignores a file without routes', () => {
    expect(routeShapeProblems('s.ts', "export const q = (knex: any) => knex('tags');")).toEqual([]);
  });
});
