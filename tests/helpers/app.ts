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
import { createStorage } from '../../api/src/adapters/storage';
import { createLogger } from '../../api/src/core/context';
import { startJobRunner, type JobRunner } from '../../api/src/core/queue';
import { jobHandlers } from '../../api/src/jobs';
import { createTestDatabase, testServerUrl, withDatabase, type TestDatabase } from './db';
import { startSmtp, type SmtpCapture } from './fake-smtp';

export interface TestApp {
  app: Koa;
  server: http.Server;
  knex: Knex;
  db: TestDatabase;
  config: Config;
  smtp: SmtpCapture;
  /** The job queue's workers of this app (role all, no timers): jobs run in this process. */
  jobs: JobRunner;
  /** Resolves once every due job has run (or failed and waits for its retry). */
  jobsSettled(): Promise<void>;
  /** A cookie-keeping client (one browser). */
  agent(): supertest.Agent;
  /** A client without cookies. */
  request(): supertest.Agent;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * The job runner's wake-up and polling: by default a job runs as soon as its transaction commits.
   * `{ onlyWhenSettled: true }`: jobs run only when the test calls `jobsSettled()` (no wake-up,
   * a poll every hour: never within a test file, however slow the machine), so what a request runs and what its jobs run can be told apart.
   */
  jobs?: { onlyWhenSettled?: boolean };
}

/** A full API on a fresh database, a real SMTP listener and a temporary data directory. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
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
  const storage = createStorage(config);
  const app = createApp({ config, knex: db.knex, mailer, storage, log });
  const pgServer = testServerUrl();
  const jobs = await startJobRunner({
    knex: db.knex,
    databaseUrl: pgServer ? withDatabase(pgServer, db.name) : null,
    handlers: jobHandlers({ config, knex: db.knex, mailer, storage, log }),
    log,
    timers: false,
    ...(options.jobs?.onlyWhenSettled ? { wakeOnEnqueue: false, pollingIntervalSeconds: 3600 } : {}),
  });
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
    jobs,
    jobsSettled: () => jobs.settled(),
    agent: () => supertest.agent(base),
    request: () => supertest.agent(base),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs.stop(1000);
      mailer.close();
      await smtp.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
