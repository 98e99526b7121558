import fs from 'node:fs';
import path from 'node:path';
import { loadAiToolsConfig, type AiToolsConfig } from './adapters/content-feed';
import { loadPaymentsConfig, type PaymentsConfig } from './adapters/stripe-config';
import { settingDefaultsFromEnv, type SettingKey } from '@shared/schemas/settings';

/** Every environment variable the API reads, parsed and defaulted in one place. */
/** What a process does (PORTAL_ROLE): answer HTTP, run the job queue's workers and timers, or both. */
export type ProcessRole = 'web' | 'worker' | 'all';

export interface Config {
  env: 'development' | 'production' | 'test';
  /**
   * PORTAL_ROLE (default all): `web` answers HTTP and enqueues jobs but runs none; `worker` runs
   * the jobs and timers and does not listen; `all` does both (docs/areas/jobs.md).
   */
  role: ProcessRole;
  port: number;
  host: string;
  /** PostgreSQL connection string; unset means the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  /**
   * Where the live-event bus LISTENs (DATABASE_LISTEN_URL, default DATABASE_URL): a direct
   * PostgreSQL connection. Behind PgBouncer in transaction mode DATABASE_URL names the pooler,
   * which drops LISTEN silently (the server connection goes back to the pool after the statement).
   */
  databaseListenUrl: string | null;
  /**
   * Whether statements the code names (node-postgres `name`: prepared once per connection) are
   * sent named (DATABASE_PREPARED_STATEMENTS, default true). False behind PgBouncer in transaction
   * mode before 1.21 (or without max_prepared_statements): every statement is sent unnamed.
   */
  databasePreparedStatements: boolean;
  dataDir: string;
  sessionSecret: string;
  /** The secret before the last rotation: cookies signed with it are still accepted (SESSION_SECRET_PREVIOUS). */
  sessionSecretPrevious: string | null;
  publicUrl: string;
  allowedOrigins: string[];
  smtpUrl: string | null;
  mailFrom: string;
  tlsCert: string | null;
  tlsKey: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Seed demo content and one account per role. Default: on for the embedded database only. */
  seedDemo: boolean;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  uploadMaxBytes: number;
  /** Total bytes of stored uploads per member (admins exempt): UPLOAD_QUOTA_BYTES. */
  uploadQuotaBytes: number;
  /** Uploads per member per 10 minutes (UPLOAD_RATE_LIMIT); the next one is a 429. */
  uploadRateLimit: number;
  storage:
    | { kind: 'disk'; dir: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        endpoint: string | null;
        accessKeyId: string | null;
        secretAccessKey: string | null;
        publicBaseUrl: string | null;
      };
  /**
   * How many proxies of ours stand in front of the API (TRUST_PROXY; true = 1, false = 0). The client
   * address is the X-Forwarded-For entry the outermost of them added: the n-th from the right.
   */
  trustProxy: number;
  webDir: string;
  /** Test-only endpoints (generate-test-*, v2 add-tags) exist only outside production. */
  enableTestEndpoints: boolean;
  logLevel: 'silent' | 'info';
  /** Milliseconds between the heartbeat comments of a live event stream (LIVE_HEARTBEAT_MS, default 20 s). */
  liveHeartbeatMs: number;
  /** The limits of the live event streams (docs/areas/live.md, "Limits"). */
  live: LiveLimits;
  /** Analytics batches per member per minute (ANALYTICS_RATE_LIMIT, default 60); the next one is a 429. */
  analyticsRateLimit: number;
  /**
   * Forwarding of the analytics events to PostHog's capture API (POSTHOG_HOST and POSTHOG_API_KEY,
   * both needed); null (the default) keeps them in our database only.
   */
  posthog: { host: string; apiKey: string } | null;
  /** AI Toolkit content feed and chat widget (AI_TOOLS_*, AI_CHAT_WIDGET_URL). */
  aiTools: AiToolsConfig;
  /** Stripe (STRIPE_*) and resource purchase URLs (RESOURCE_PURCHASE_HOSTS). */
  payments: PaymentsConfig;
  /**
   * First-start defaults of the portal settings (SETTING_*, AI_CHAT_WIDGET_URL; see
   * shared/src/schemas/settings.ts): used for every key no admin has saved.
   */
  settingDefaults: Record<SettingKey, string>;
}

function bool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined || v === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

export interface LiveLimits {
  /** Open streams of one user on this instance (LIVE_MAX_STREAMS_PER_USER, 10): one more closes their oldest. */
  maxStreamsPerUser: number;
  /** Open streams of this process (LIVE_MAX_STREAMS): one more is a 503 with Retry-After. */
  maxStreams: number;
  /** Bytes a stream may have waiting to be sent (LIVE_STREAM_BUFFER_BYTES, 256 KiB); past it the stream is closed. */
  streamBufferBytes: number;
  /** How often every open stream's session and rights are checked again (LIVE_SESSION_CHECK_MS, 60 s). */
  sessionCheckMs: number;
}

/** The process's limit of open files (descriptors), read from /proc on Linux; null elsewhere. */
export function openFilesLimit(): number | null {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line ? Number(line.split(/\s{2,}/)[1]) : NaN;
    return Number.isInteger(soft) && soft > 0 ? soft : null;
  } catch {
    return null;
  }
}

/**
 * The default ceiling of open streams: half the descriptor limit (the other half stays for the
 * database pool, files, other HTTP connections), at most 10,000; 1,000 where the limit is unknown.
 */
export function defaultMaxStreams(fdLimit: number | null): number {
  if (fdLimit === null) return 1_000;
  return Math.max(16, Math.min(10_000, Math.floor(fdLimit / 2)));
}

function int(v: string | undefined, fallback: number): number {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** TRUST_PROXY: a hop count; `true`/`false` (and yes/no, on/off) stay 1 and 0. Anything else is refused. */
export function proxyHops(v: string | undefined): number {
  const s = (v ?? '').trim().toLowerCase();
  if (s === '' || ['false', 'no', 'off'].includes(s)) return 0;
  if (['true', 'yes', 'on'].includes(s)) return 1;
  if (/^\d{1,2}$/.test(s)) return Number(s);
  throw new Error(
    `TRUST_PROXY must be the number of proxies in front of the API (0, 1, 2, ...) or true (= 1) / false (= 0), not "${v}"`,
  );
}

/** PORTAL_ROLE: web, worker or all (the default); anything else is refused. */
export function processRole(v: string | undefined): ProcessRole {
  const s = (v ?? '').trim().toLowerCase();
  if (s === '') return 'all';
  if (s === 'web' || s === 'worker' || s === 'all') return s;
  throw new Error(`PORTAL_ROLE must be web, worker or all, not "${v}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int(env.PORT, 4000);
  const dataDir = path.resolve(env.DATA_DIR || path.join(process.cwd(), 'data'));
  const tlsCert = env.TLS_CERT || null;
  const tlsKey = env.TLS_KEY || null;
  const scheme = tlsCert && tlsKey ? 'https' : 'http';
  const publicUrl = (env.PUBLIC_URL || `${scheme}://localhost:${port}`).replace(/\/+$/, '');
  const trustProxy = proxyHops(env.TRUST_PROXY);
  if (publicUrl.startsWith('https://') && scheme === 'http' && trustProxy === 0) {
    // Behind a proxy that ends TLS the requests look like plain HTTP and come from the proxy's address.
    throw new Error(
      `PUBLIC_URL is ${publicUrl} but this server speaks plain HTTP and TRUST_PROXY is not set. ` +
        'Behind a proxy or load balancer that ends TLS, set TRUST_PROXY to the number of proxies (usually TRUST_PROXY=1); ' +
        'otherwise set TLS_CERT and TLS_KEY, or use an http:// PUBLIC_URL.',
    );
  }
  if (env.POSTHOG_HOST && !/^https?:\/\/[^\s/]+/i.test(env.POSTHOG_HOST.trim())) {
    throw new Error('POSTHOG_HOST must be an http(s) URL, e.g. https://us.i.posthog.com');
  }
  const databaseUrl = env.DATABASE_URL || null;
  const sessionSecret = env.SESSION_SECRET || '';
  if (mode === 'production' && sessionSecret.length < 32) {
    throw new Error('SESSION_SECRET must be set to at least 32 characters in production');
  }
  const allowedOrigins = (env.ALLOWED_ORIGINS || '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const storage: Config['storage'] = env.S3_BUCKET
    ? {
        kind: 's3',
        bucket: env.S3_BUCKET,
        region: env.S3_REGION || 'us-east-1',
        endpoint: env.S3_ENDPOINT || null,
        accessKeyId: env.S3_ACCESS_KEY_ID || null,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
        publicBaseUrl: env.S3_PUBLIC_URL || null,
      }
    : { kind: 'disk', dir: path.join(dataDir, 'uploads') };
  return {
    env: mode,
    role: processRole(env.PORTAL_ROLE),
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    databaseListenUrl: databaseUrl ? env.DATABASE_LISTEN_URL || databaseUrl : null,
    databasePreparedStatements: bool(env.DATABASE_PREPARED_STATEMENTS, true),
    dataDir,
    sessionSecret: sessionSecret || 'dev-only-session-secret-change-me-0123456789',
    sessionSecretPrevious: env.SESSION_SECRET_PREVIOUS || null,
    publicUrl,
    allowedOrigins: [...new Set([publicUrl, 'app://portal', ...allowedOrigins])],
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Portal <no-reply@portal.local>',
    tlsCert,
    tlsKey,
    adminEmail: env.ADMIN_EMAIL || null,
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: bool(env.SEED_DEMO, databaseUrl === null),
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 60 * 24 * 7),
    sessionAbsoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 24 * 30),
    uploadMaxBytes: int(env.UPLOAD_MAX_BYTES, 5 * 1024 * 1024),
    uploadQuotaBytes: int(env.UPLOAD_QUOTA_BYTES, 200 * 1024 * 1024),
    uploadRateLimit: int(env.UPLOAD_RATE_LIMIT, 30),
    storage,
    trustProxy,
    webDir: path.resolve(env.WEB_DIR || path.join(process.cwd(), 'desktop', 'dist', 'web')),
    enableTestEndpoints: mode !== 'production',
    liveHeartbeatMs: int(env.LIVE_HEARTBEAT_MS, 20_000),
    live: {
      maxStreamsPerUser: int(env.LIVE_MAX_STREAMS_PER_USER, 10),
      maxStreams: int(env.LIVE_MAX_STREAMS, defaultMaxStreams(openFilesLimit())),
      streamBufferBytes: int(env.LIVE_STREAM_BUFFER_BYTES, 256 * 1024),
      sessionCheckMs: int(env.LIVE_SESSION_CHECK_MS, 60_000),
    },
    analyticsRateLimit: int(env.ANALYTICS_RATE_LIMIT, 60),
    posthog:
      env.POSTHOG_HOST && env.POSTHOG_API_KEY
        ? { host: env.POSTHOG_HOST.trim().replace(/\/+$/, ''), apiKey: env.POSTHOG_API_KEY.trim() }
        : null,
    logLevel: mode === 'test' || bool(env.QUIET, false) ? 'silent' : 'info',
    aiTools: loadAiToolsConfig(env),
    payments: loadPaymentsConfig(env, mode === 'production'),
    settingDefaults: settingDefaultsFromEnv(env),
  };
}
