import type { Knex } from 'knex';
import type { ParameterizedContext } from 'koa';
import type { Config } from '../config';
import type { Mailer } from '../adapters/mail';
import type { Storage } from '../adapters/storage';
import type { SessionUser } from './session-types';
import type { Logger } from './logger';

// Kept importable from here: most of the API reads the logger with the rest of the request context.
export { createLogger, safeLogValue, type Logger } from './logger';

/** What every request can reach: configuration, the database and the adapters. */
export interface Deps {
  config: Config;
  knex: Knex;
  mailer: Mailer;
  storage: Storage;
  log: Logger;
}

export interface PortalState {
  user?: SessionUser;
  requestId: string;
}

export interface SessionData {
  userId?: number;
  /** The admin who signed in as this user (sign in as). */
  impersonatorId?: number;
}

/** The koa-session object as the API uses it (koa-session declares no type for `ctx.session`). */
export interface PortalSession extends SessionData {
  readonly externalKey?: string;
  isNew: boolean;
  maxAge: number;
  regenerate(): Promise<void> | undefined;
  save(): Promise<void> | undefined;
}

declare module 'koa' {
  interface DefaultContext {
    deps: Deps;
    /** Set by koa-session: null once the session is ended. */
    session?: PortalSession | null;
    /** Route parameters (@koa/router): a parameter the route does not declare is absent. */
    params: Record<string, string | undefined>;
    /** The validated input (set by `validate()`; typed in the handler by `endpoint()`). */
    input?: unknown;
    /** What the policy was asked about (set by `authorize()` with a loader). */
    subject?: unknown;
    /** The request's transaction (set by `transaction()`), committed after the handler. */
    trx?: Knex.Transaction;
  }
}

export type PortalContext = ParameterizedContext<PortalState> & { deps: Deps };
