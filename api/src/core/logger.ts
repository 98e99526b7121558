/** The API's JSON line logger. Its own module so adapters can log without importing the request context. */
export interface Logger {
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
}

/** Strips CR/LF and control characters so user input cannot forge a log line. */
export function safeLogValue(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/[\r\n\u0000-\u001f\u007f]/g, ' ').slice(0, 500);
  return value;
}

export function createLogger(level: 'silent' | 'info'): Logger {
  const write = (lvl: string, msg: string, data?: Record<string, unknown>) => {
    if (level === 'silent' && lvl !== 'error') return;
    const clean: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data ?? {})) clean[k] = safeLogValue(v);
    const line = JSON.stringify({ t: new Date().toISOString(), level: lvl, msg: safeLogValue(msg), ...clean });
    if (lvl === 'error') console.error(line);
    else console.log(line);
  };
  return {
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
  };
}
