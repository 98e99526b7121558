import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { createApp } from '../../api/src/app';
import { loadConfig, type Config } from '../../api/src/config';
import { createMailer } from '../../api/src/adapters/mail';
import { createLogger } from '../../api/src/core/context';
import { createTestDatabase, type TestDatabase } from './db';
import { startSmtp, type SmtpCapture } from './smtp';

export interface TestApp {
  app: Koa;
  server: http.Server;
  knex: Knex;
  db: TestDatabase;
  config: Config;
  smtp: SmtpCapture;
  /** A cookie-keeping client (one browser). */
  agent(): supertest.Agent;
  /** A client without cookies. */
  request(): supertest.Agent;
  close(): Promise<void>;
}

/** A full API on a fresh database, a real SMTP listener and a temporary data directory. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const smtp = await startSmtp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    PUBLIC_URL: 'http://127.0.0.1:4000',
    SMTP_URL: smtp.url,
    ...env,
  });
  const log = createLogger('silent');
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: config.mailFrom,
    outboxDir: path.join(dataDir, 'outbox'),
    log,
  });
  const app = createApp({ config, knex: db.knex, mailer, log });
  const callback = app.callback();
  const server = http.createServer((req, res) => void callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    server,
    knex: db.knex,
    db,
    config,
    smtp,
    agent: () => supertest.agent(base),
    request: () => supertest.agent(base),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      mailer.close();
      await smtp.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
