/**
 * SQLSTATEs and socket errors that mean the connection to PostgreSQL is gone (the server ended the
 * session, restarted, or the network dropped it), as opposed to an error in the statement itself.
 */
const LOST_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
]);

/** node-postgres's own errors for a dead client (they carry no code). */
const LOST_MESSAGES =
  /Connection terminated|Connection ended unexpectedly|connection error and is not queryable|Client was closed and is not queryable/;

/** Whether `err` says the database connection was lost (not that the statement was wrong). */
export function isConnectionLost(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && LOST_CODES.has(code)) return true;
  return typeof message === 'string' && LOST_MESSAGES.test(message);
}

const READ_START = /^\s*(select|with|values|table|show)\b/i;
/** Anything that writes, takes a lock or moves a sequence makes a statement unsafe to run twice. */
const NOT_A_PURE_READ =
  /\b(insert|update|delete|merge|truncate|nextval|setval|pg_advisory\w*|pg_terminate_backend|lock|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|into)\b/i;

/** Whether a statement only reads, so running it again after a lost connection is harmless. */
export function isIdempotentRead(sql: string): boolean {
  return READ_START.test(sql) && !NOT_A_PURE_READ.test(sql);
}
