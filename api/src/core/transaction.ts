import type { Knex } from 'knex';
import type { Middleware, Next } from 'koa';
import type { PortalContext } from './context';

export interface TransactionOptions {
  /**
   * Runs first inside the transaction, before the handler: where a feature takes its locks (the
   * board: constraints deferred to commit and the board's row locked, before any other row).
   */
  begin?: (trx: Knex.Transaction, ctx: PortalContext) => Promise<void>;
  /**
   * Runs last inside the transaction, after the handler (it sees `ctx.body`): where a feature
   * writes what must commit with the change (the board: its live event).
   */
  end?: (trx: Knex.Transaction, ctx: PortalContext) => Promise<void>;
  /** Turns a database error of this kind of write into an HTTP error (the board: a position conflict is a 409). */
  mapError?: (err: unknown) => unknown;
}

/**
 * The transaction step of the chain: one transaction per request, on `ctx.trx` for the handler and
 * its services. Committed when the handler returns, rolled back when anything in it throws. Every
 * query of the handler must use `ctx.trx` (on PGlite's single connection a query beside an open
 * transaction would wait for ever).
 */
export function transaction(options: TransactionOptions = {}): Middleware {
  return async (ctx, next: Next) => {
    const c = ctx as unknown as PortalContext;
    try {
      await c.deps.knex.transaction(async (trx) => {
        c.trx = trx;
        try {
          if (options.begin) await options.begin(trx, c);
          await next();
          if (options.end) await options.end(trx, c);
        } finally {
          c.trx = undefined;
        }
      });
    } catch (err) {
      throw options.mapError ? options.mapError(err) : err;
    }
  };
}
