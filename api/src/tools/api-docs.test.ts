import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_DOC, apiDoc, renderApiDoc } from './api-docs';
import { collectRoutes } from './route-table';

describe('docs/api.md, the API reference generated from the routers', () => {
  it('is up to date (after adding or changing a route, run `npm run docs:api`)', async () => {
    const expected = await apiDoc();
    const actual = fs.existsSync(API_DOC) ? fs.readFileSync(API_DOC, 'utf8') : '';
    expect(actual, 'docs/api.md is out of date: run `npm run docs:api` and commit the result').toBe(expected);
  });

  it("reads each route's full path, guards, input schema and handler checks from the real routers", () => {
    const routes = collectRoutes();
    const find = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path);
    expect(find('POST', '/api/tag/upsert')).toMatchObject({
      file: 'api/src/features/tags/routes.ts',
      guards: ['auth()', "authorize('tag:manage')", 'transaction()'],
      inputs: ['tagUpsertSchema'],
    });
    // a route of the chain (...endpoint(options, handler)): guards and input read from its options
    expect(find('POST', '/api/move-the-needle/label/add')).toMatchObject({
      file: 'api/src/features/board/routes/labels.ts',
      guards: ['auth()', 'authorize(labelAndCard)', 'transaction(BOARD_TRANSACTION)'],
      inputs: ['cardLabelSchema'],
    });
    expect(find('DELETE', '/api/move-the-needle/card/:id')?.guards).toEqual([
      'auth()',
      "authorize('board:card-delete', ownedPolicy)",
      'transaction(BOARD_TRANSACTION)',
    ]);
    expect(find('GET', '/api/move-the-needle/label/read-many')?.inputs).toEqual(["boardQuerySchema ('query')"]);
    expect(find('POST', '/api/auth/signin')?.guards).toEqual([]);
    // one row per method and path: no route is listed twice or lost to HEAD
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.some((k) => k.startsWith('HEAD '))).toBe(false);
  });

  it('renders a route without guards as public and escapes pipes in cells', () => {
    const text = renderApiDoc([
      {
        method: 'GET',
        path: '/api/example',
        file: 'api/src/features/example/routes.ts',
        guards: [],
        inputs: ["mixed<'a' | 'b'>"],
        checks: [],
        summary: 'An example.',
      },
    ]);
    expect(text).toContain("| GET | `/api/example` | public | `mixed<'a' \\| 'b'>` |  | An example. |");
    expect(text).toContain('## example');
  });
});
