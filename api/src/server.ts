import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { loadConfig } from './config';
import { createApp } from './app';
import { createLogger } from './core/context';
import { openDatabase } from './db/knex';
import { migrateLatest } from './db/migrate';
import { ensureAdmin, seedDemo } from './db/seed';
import { pruneRateLimits } from './core/rate-limit';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'info');
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateLatest(db.knex);
  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin(db.knex, config.adminEmail, config.adminPassword);
    console.log(`Admin account ${config.adminEmail} ${outcome}.`);
  }
  if (config.seedDemo) {
    const accounts = await seedDemo(db.knex);
    if (accounts.length) {
      console.log('\nDemo accounts (embedded database only):');
      for (const a of accounts) console.log(`  ${a.label.padEnd(36)} ${a.email.padEnd(26)} ${a.password}`);
      console.log('');
    }
  }

  const app = createApp({ config, knex: db.knex, log });
  const callback = app.callback();
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void callback(req, res);
  const server =
    config.tlsCert && config.tlsKey
      ? https.createServer({ cert: fs.readFileSync(config.tlsCert), key: fs.readFileSync(config.tlsKey) }, handler)
      : http.createServer(handler);
  server.requestTimeout = 30_000;
  server.headersTimeout = 20_000;
  server.keepAliveTimeout = 5_000;
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const prune = setInterval(() => {
    void Promise.all([
      pruneRateLimits(db.knex),
      db.knex('sessions').where('expires_at', '<=', db.knex.fn.now()).del(),
      db.knex('password_reset_tokens').where('expires_at', '<=', db.knex.fn.now()).del(),
    ]).catch((err: unknown) => log.error('prune failed', { error: String(err) }));
  }, 10 * 60_000);
  prune.unref();

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const scheme = config.tlsCert && config.tlsKey ? 'https' : 'http';
  console.log(
    `Portal running on ${scheme}://localhost:${config.port} (database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests...`);
    clearInterval(prune);
    const force = setTimeout(() => {
      for (const s of sockets) s.destroy();
    }, 25_000);
    force.unref();
    server.close(() => {
      void db.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
