import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/factories';
import { BODY_TOO_DEEP_MESSAGE, MAX_BODY_DEPTH } from '../../api/src/core/body-depth';

let t: TestApp;
let admin: supertest.Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.agent(), await createUser(t.knex, { role: 'admin' }));
});
afterAll(async () => {
  await t.close();
});

/** `{"id":[[...]]}` with `levels` levels in all (the object is level 1). */
const deepBody = (levels: number) => `{"id":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

/** JSON-body calls whose validation walks the body (yup, the board's id lists, the NUL check). */
const CALLS: Array<[string, string, boolean]> = [
  ['post', '/api/auth/signin', false],
  ['post', '/api/auth/signup', false],
  ['post', '/api/user/upsert', true],
  ['post', '/api/user/upgrade-role', true],
  ['put', '/api/user/bulk-update', true],
  ['post', '/api/tag/upsert', true],
  ['post', '/api/product/upsert', true],
  ['post', '/api/move-the-needle/card/upsert', true],
  ['post', '/api/move-the-needle/card/reorder', true],
  ['delete', '/api/move-the-needle/checkList', true],
  ['post', '/api/course/upsert', true],
  ['post', '/api/resource/upsert', true],
  ['post', '/api/dashboard-banner', true],
];

function send(method: string, path: string, signedIn: boolean, body: string) {
  const agent = signedIn ? admin : t.request();
  const req = (agent as unknown as Record<string, (p: string) => supertest.Test>)[method]!(path);
  return req.set('Content-Type', 'application/json').send(body);
}

describe(`JSON bodies nested deeper than ${MAX_BODY_DEPTH} levels`, () => {
  it.each(CALLS)('%s %s: 5000 levels is a 400 before validation, never a 500', async (method, path, signedIn) => {
    const res = await send(method, path, signedIn, deepBody(5000));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toEqual({ code: 'validation_failed', message: BODY_TOO_DEEP_MESSAGE });
  });

  it('refuses one level too many and lets the limit itself through to validation', async () => {
    const over = await send('post', '/api/user/upsert', true, deepBody(MAX_BODY_DEPTH + 1));
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe(BODY_TOO_DEEP_MESSAGE);
    const at = await send('post', '/api/user/upsert', true, deepBody(MAX_BODY_DEPTH));
    expect(at.status).toBe(400); // an array is no id: the schema's own answer
    expect(at.body.error.message).not.toBe(BODY_TOO_DEEP_MESSAGE);
  });

  it('refuses a deep object chain and a deep branch in a wide body as well', async () => {
    const chain = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
    const wide = JSON.stringify({ fullName: 'x', Tags: [{ id: 1 }], extra: JSON.parse(deepBody(40)) });
    for (const body of [chain, wide]) {
      const res = await send('post', '/api/user/upsert', true, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(BODY_TOO_DEEP_MESSAGE);
    }
  });

  it('answers a 1 MB body of nesting (half a million levels) with a 400', async () => {
    const levels = 500_000;
    const res = await send('post', '/api/tag/upsert', true, deepBody(levels));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(BODY_TOO_DEEP_MESSAGE);
  });

  it('leaves ordinary bodies alone', async () => {
    const res = await admin.post('/api/tag/upsert').send({ name: `depth-ok-${Date.now()}` });
    expect(res.status).toBe(200);
    expect(res.body.isNew).toBe(true);
  });

  it('reads query strings flat: bracketed keys cannot nest', async () => {
    const keys = Array.from({ length: 50 }, () => '[a]').join('');
    const res = await admin.get(`/api/user/read-many?search${encodeURI(keys)}=x&page=1`);
    expect(res.status).toBe(200);
  });
});
