import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { E2E_PORT } from './playwright.config';
import { ARTIFACTS_DIR, DEMO, MAIL_DIR } from './support';
import { startStripeFake } from '../helpers/fake-stripe';
import { delayFrom } from '../../desktop/src/renderer/test/delay';
import { startSlowProxy } from './slow-proxy';

const root = path.resolve(import.meta.dirname, '..', '..');

// A fresh embedded database migrates and seeds the demo before it answers: on 2 busy cores (vitest runs
// alongside) that has taken over 40 s, so allow 3 minutes; a server that exits fails at once.
async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the API exited early with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts a real SMTP listener (every message saved as a file in MAIL_DIR) and the real API
 * (tsx api/src/server.ts) serving the built web UI, on a fresh PostgreSQL database when
 * TEST_DATABASE_URL/DATABASE_URL is set, else on a fresh embedded PGlite data directory.
 */
/**
 * The demo accounts have seen the board's welcome video (once per account, stored on the server),
 * so no spec depends on which one met it first; tests/e2e/board.spec.ts shows it to an account of
 * its own.
 */
async function markWelcomeSeen(base: string): Promise<void> {
  for (const account of Object.values(DEMO)) {
    const signIn = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify(account),
    });
    if (signIn.status !== 200) throw new Error(`demo sign-in failed for ${account.email}: ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const seen = await fetch(`${base}/api/auth/me/welcome-seen`, {
      method: 'PUT',
      headers: { Cookie: cookie, Origin: base },
    });
    // A blocked account (past due) is sent to /blocked and never sees a board.
    if (seen.status !== 200 && seen.status !== 403) {
      throw new Error(`welcome-seen failed for ${account.email}: ${seen.status}`);
    }
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        const file = path.join(MAIL_DIR, `${Date.now()}-${crypto.randomBytes(3).toString('hex')}.eml`);
        fs.writeFileSync(file, `X-Test-To: ${to}\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  // The demo past-due member's customer exists, so the /blocked Fix payment button gets a portal URL.
  const stripe = await startStripeFake({ customers: ['cus_demo_pastdue'] });
  process.env.E2E_STRIPE_URL = stripe.url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const server = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
  let databaseUrl = '';
  let dbName = '';
  const adminUrl = (name: string) => {
    const u = new URL(server);
    u.pathname = `/${name}`;
    return u.toString();
  };
  if (server) {
    dbName = `portal_e2e_${crypto.randomBytes(4).toString('hex')}`;
    const admin = knexFactory({ client: 'pg', connection: adminUrl('postgres') });
    await admin.raw(`CREATE DATABASE "${dbName}"`);
    await admin.destroy();
    databaseUrl = adminUrl(dbName);
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0000',
    // E2E_WEB_DIR: a web build of its own (vite build --outDir ...) for a parallel e2e run.
    WEB_DIR: process.env.E2E_WEB_DIR
      ? path.resolve(process.env.E2E_WEB_DIR)
      : path.join(root, 'desktop', 'dist', 'web'),
    QUIET: 'true',
    // Stripe: a local fake API and Stripe.js (tests/helpers/fake-stripe.ts); there is no network here.
    ...stripe.env(),
    // AI Toolkit: the content feed is a local server started by tests/e2e/ai-toolkit.spec.ts on this
    // port; no server cache, so each test sees its own feed answer.
    AI_TOOLS_FEED_URL: process.env.AI_TOOLS_FEED_URL || `http://127.0.0.1:${E2E_PORT + 10_000}/ai-tools-feed`,
    AI_TOOLS_FEED_TIMEOUT_MS: '2000',
    AI_TOOLS_CACHE_SECONDS: '0',
    AI_TOOLS_STALE_SECONDS: '0',
  };
  // E2E_API_DELAY_MS: the API listens on the next port, behind a proxy that answers late (slow-proxy.ts).
  const delay = delayFrom(process.env.E2E_API_DELAY_MS);
  const apiPort = delay ? E2E_PORT + 1 : E2E_PORT;
  env.PORT = String(apiPort);
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'api/src/server.ts'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const log = fs.createWriteStream(path.join(ARTIFACTS_DIR, 'e2e-server.log'));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  await waitForHealth(`http://127.0.0.1:${apiPort}/api/health`, child);
  const closeProxy = delay ? await startSlowProxy(E2E_PORT, apiPort, delay) : null;
  await markWelcomeSeen(`http://127.0.0.1:${apiPort}`);

  return async () => {
    await closeProxy?.();
    child.kill('SIGTERM');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await stripe.close();
    if (dbName) {
      const admin = knexFactory({ client: 'pg', connection: adminUrl('postgres') });
      await admin.raw(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.destroy();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
