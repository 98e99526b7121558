/**
 * A date range cannot take the server down: the Insights summary for the last days of year 9999
 * (whose "next week" is year 10000, a string that sorts before '9999-12-31') is a 400 at once, for
 * an admin and a coach, and the server still answers /api/health. Run against the real server as
 * a child process: a request that made it loop would hang the test's own process otherwise (the
 * loop never yields), while here it only times out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, MESSAGES } from '../../shared/src/messages';
import { dateWindow } from '../../shared/src/schemas/dates';
import { freePort, run, serverEnvironment, signInCookie, type RunningProcess } from '../helpers/server-process';

/** How long a refused range may take to be answered (the machine may be busy; the loop never ends). */
const ANSWER_MS = 5_000;
const COACH = { email: 'coach@date-loop.test', password: 'date-loop-coach-password-1' };

let base: string;
let server: RunningProcess;
let cleanup: () => Promise<void>;
let cookies: { admin: string; coach: string };

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(ANSWER_MS) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const environment = await serverEnvironment(port);
  cleanup = environment.cleanup;
  server = run(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], environment.env);
  await server.waitFor(/Portal running on/);
  const admin = await signInCookie(port);
  const created = await call('/api/user/upsert', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base, Cookie: admin },
    body: JSON.stringify({ fullName: 'Date Loop Coach', role: 'coach', ...COACH }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const signIn = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(COACH),
  });
  expect(signIn.status).toBe(200);
  const coach = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  cookies = { admin, coach };
}, 180_000);

afterAll(async () => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await cleanup();
});

describe('GET /api/insights/summary at the end of year 9999', () => {
  const outside = () => fillMessage(MESSAGES.dateOutsideWindow, dateWindow());

  for (const who of ['admin', 'coach'] as const) {
    it(`${who}: ?from=9999-12-25&to=9999-12-31 and ?to=9999-12-31 are 400 at once; the server still answers`, async () => {
      for (const [query, field] of [
        ['from=9999-12-25&to=9999-12-31', 'from'],
        ['to=9999-12-31', 'to'],
      ] as const) {
        const started = Date.now();
        const res = await call(`/api/insights/summary?${query}`, { headers: { Cookie: cookies[who] } });
        expect(res.status, query).toBe(400);
        expect((res.body as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(outside());
        expect(Date.now() - started).toBeLessThan(ANSWER_MS);
        expect((await call('/api/health')).status).toBe(200);
      }
      // The same reader's ordinary summary is still answered.
      expect((await call('/api/insights/summary', { headers: { Cookie: cookies[who] } })).status).toBe(200);
    });
  }
});
