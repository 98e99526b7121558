import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type Koa from 'koa';
import { loadConfig, type Config } from './config';
import { createApp } from './app';
import { createStorage } from './adapters/storage';
import { createMailer } from './adapters/mail';
import { createLogger } from './core/context';
import { createDrainer, type Drainer } from './core/graceful';
import { startJobRunner } from './core/queue';
import { openDatabase } from './db/knex';
import { prepareDatabase } from './db/prepare';
import { liveBus } from './features/live';
import { jobHandlers } from './jobs';

/** How long an idle keep-alive connection stays open (see the server's timeouts below). */
const KEEP_ALIVE_MS = 65_000;

/** How long in-flight requests and running jobs may take after SIGTERM/SIGINT before they are cut off. */
const SHUTDOWN_GRACE_MS = 25_000;

/** The HTTP(S) server of the app, with its drainer for a graceful shutdown. */
function webServer(app: Koa, config: Config): { server: http.Server; drainer: Drainer } {
  const callback = app.callback();
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void callback(req, res);
  const server =
    config.tlsCert && config.tlsKey
      ? https.createServer({ cert: fs.readFileSync(config.tlsCert), key: fs.readFileSync(config.tlsKey) })
      : http.createServer();
  const drainer = createDrainer(server);
  server.on('request', drainer.listener(handler));
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  // An idle keep-alive connection stays open 65 s (Node's default is 5 s): longer than the idle timeout
  // of the usual proxies and clients (60 s), so the server is seldom the side that closes a socket the
  // other side is just reusing, a race the client sees as ECONNRESET (CI's browser tests met it: an API
  // call 5 s after the previous one). headersTimeout runs from a request's first byte (Node >= 18), not
  // while a connection idles; shutdown closes idle connections at once (core/graceful.ts).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return { server, drainer };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'info');
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    listenUrl: config.databaseListenUrl,
    preparedStatements: config.databasePreparedStatements,
  });
  await prepareDatabase(db.knex, config);

  const storage = createStorage(config);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    log,
  });
  const web =
    config.role === 'worker' ? null : webServer(createApp({ config, knex: db.knex, log, storage, mailer }), config);

  // The job queue's workers and timers (PORTAL_ROLE worker or all; docs/areas/jobs.md). A web-only
  // process enqueues jobs (in its requests' transactions) but runs none.
  const runner =
    config.role === 'web'
      ? null
      : await startJobRunner({
          knex: db.knex,
          databaseUrl: config.databaseUrl,
          handlers: jobHandlers({ config, knex: db.knex, mailer, storage, log }),
          log,
        });

  // Signal handlers go in before the ready line: a Ctrl+C right after it must shut down gracefully.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests and running jobs...`);
    // Open event streams end now (their clients reconnect elsewhere), so draining does not wait on them.
    if (web) void liveBus(db.knex).endAll();
    // HTTP and jobs share the grace period: jobs not yet taken stay queued for another worker.
    void Promise.all([
      web ? web.drainer.drain(SHUTDOWN_GRACE_MS) : Promise.resolve(true),
      runner ? runner.stop(SHUTDOWN_GRACE_MS) : Promise.resolve(true),
    ])
      .then(async ([requestsDone, jobsDone]) => {
        if (!requestsDone) console.error(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s were cut off.`);
        if (!jobsDone) console.error(`Jobs still running after ${SHUTDOWN_GRACE_MS / 1000} s will be retried.`);
        mailer.close();
        await db.close();
        console.log('Portal stopped.');
        process.exit(requestsDone && jobsDone ? 0 : 1);
      })
      .catch((err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const database = db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  if (!web) {
    console.log(`Portal worker running: jobs and timers, no HTTP (database: ${database})`);
    return;
  }
  await new Promise<void>((resolve) => web.server.listen(config.port, config.host, resolve));
  const scheme = config.tlsCert && config.tlsKey ? 'https' : 'http';
  const role = config.role === 'web' ? '; web only, jobs run by workers' : '';
  console.log(`Portal running on ${scheme}://localhost:${config.port} (database: ${database}${role})`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
