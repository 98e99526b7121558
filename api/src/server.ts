import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { loadConfig } from './config';
import { createApp } from './app';
import { createStorage } from './adapters/storage';
import { createLogger } from './core/context';
import { createDrainer } from './core/graceful';
import { openDatabase } from './db/knex';
import { prepareDatabase } from './db/prepare';
import { pruneRateLimits } from './core/rate-limit';
import { sweepUnreferencedUploads } from './features/uploads/sweeper';
import { createMailer } from './adapters/mail';
import { sendNotificationDigests, startDigestTimer } from './features/notifications/mail';
import path from 'node:path';
import { liveBus, sweepLiveEvents } from './features/live';
import { analyticsForwardingSettled, analyticsRetentionDays, sweepAnalytics } from './features/analytics';
import { afterResponseSettled } from './features/auth/after-response';

/** How long an idle keep-alive connection stays open (see the server's timeouts below). */
const KEEP_ALIVE_MS = 65_000;

/** How long in-flight requests may take after SIGTERM/SIGINT before their connections are cut. */
const SHUTDOWN_GRACE_MS = 25_000;

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
  const app = createApp({ config, knex: db.knex, log, storage, mailer });
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

  // Background jobs; shutdown waits for a running one before it closes the database.
  const jobs = new Set<Promise<void>>();
  const runJob = (name: string, job: () => Promise<unknown>) => {
    const run: Promise<void> = job()
      .then(
        () => undefined,
        (err: unknown) => log.error(`${name} failed`, { error: String(err) }),
      )
      .finally(() => jobs.delete(run));
    jobs.add(run);
  };
  const prune = setInterval(
    () =>
      runJob('prune', () =>
        Promise.all([
          pruneRateLimits(db.knex),
          db.knex('sessions').where('expires_at', '<=', db.knex.fn.now()).del(),
          db.knex('password_reset_tokens').where('expires_at', '<=', db.knex.fn.now()).del(),
          sweepLiveEvents(db.knex),
        ]),
      ),
    10 * 60_000,
  );
  prune.unref();
  const sweepUploads = () =>
    runJob('upload sweep', async () => {
      const { deleted } = await sweepUnreferencedUploads(db.knex, storage);
      if (deleted.length) log.info('unreferenced uploads deleted', { count: deleted.length });
    });
  const sweep = setInterval(sweepUploads, 60 * 60_000);
  sweep.unref();
  // Analytics events and rollups older than the retention setting (issue 14 §1), every 6 hours and at start.
  const sweepOldAnalytics = () =>
    runJob('analytics sweep', async () => {
      const retentionDays = await analyticsRetentionDays(db.knex, config.settingDefaults);
      const swept = await sweepAnalytics(db.knex, retentionDays);
      if (swept.events || swept.daily || swept.activeDays || swept.activeWeeks) {
        log.info('old analytics deleted', { retentionDays, ...swept });
      }
    });
  const analyticsSweep = setInterval(sweepOldAnalytics, 6 * 60 * 60_000);
  analyticsSweep.unref();
  // The daily notification digest (issue 13 §2), at DIGEST_HOUR_UTC.
  const stopDigest = startDigestTimer(() =>
    runJob('notification digest', async () => {
      const sent = await sendNotificationDigests({ knex: db.knex, mailer, log, publicUrl: config.publicUrl });
      if (sent) log.info('notification digests sent', { count: sent });
    }),
  );

  // Signal handlers go in before the ready line: a Ctrl+C right after it must shut down gracefully.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests...`);
    clearInterval(prune);
    clearInterval(sweep);
    clearInterval(analyticsSweep);
    stopDigest();
    // Open event streams end now (their clients reconnect elsewhere), so draining does not wait on them.
    void liveBus(db.knex).endAll();
    void drainer
      .drain(SHUTDOWN_GRACE_MS)
      .then(async (clean) => {
        if (!clean) console.error(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s were cut off.`);
        await Promise.all(jobs);
        // Work a response started (reset and notification mails) finishes before the database closes.
        await afterResponseSettled();
        await analyticsForwardingSettled();
        await db.close();
        console.log('Portal stopped.');
        process.exit(clean ? 0 : 1);
      })
      .catch((err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const scheme = config.tlsCert && config.tlsKey ? 'https' : 'http';
  console.log(
    `Portal running on ${scheme}://localhost:${config.port} (database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  sweepUploads();
  sweepOldAnalytics();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
