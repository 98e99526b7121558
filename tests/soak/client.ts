/**
 * The soak's HTTP client: one `Session` per simulated member, coach or visitor, with its own cookie
 * jar, keep-alive connections and loopback source address (127.x.y.z, so each one is a client address
 * of its own to nginx and to the API's per-address rate limits), and one `Stats` for every request
 * made through nginx: count, latency, and the failures (5xx or a connection error).
 */
import http from 'node:http';
import zlib from 'node:zlib';

/** How long one request may take before the client gives up (a failure). */
export const REQUEST_TIMEOUT_MS = 40_000;

export interface Failure {
  at: number;
  what: string;
  detail: string;
}

export class Stats {
  requests = 0;
  failed = 0;
  readonly latencies: number[] = [];
  readonly failures: Failure[] = [];
  /** Requests per `METHOD route -> status` (status `ERR` for a connection error). */
  readonly outcomes = new Map<string, number>();
  readonly startedAt = Date.now();

  record(what: string, status: number | null, ms: number, detail = ''): void {
    this.requests += 1;
    this.latencies.push(ms);
    const key = `${what} -> ${status ?? 'ERR'}`;
    this.outcomes.set(key, (this.outcomes.get(key) ?? 0) + 1);
    if (status === null || status >= 500) this.fail(what, detail || `status ${status ?? 'connection error'}`);
  }

  /** A failure of a request already counted (a live stream cut after its 200). */
  fail(what: string, detail: string): void {
    this.failed += 1;
    this.failures.push({ at: Date.now() - this.startedAt, what, detail });
  }

  p95(): number {
    if (this.latencies.length === 0) return 0;
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
  }
}

export interface Answer<T> {
  status: number;
  body: T;
}

export class Session {
  private readonly cookies = new Map<string, string>();
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

  constructor(
    readonly base: URL,
    readonly localAddress: string,
    readonly stats: Stats,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  keepCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * One request through nginx, counted in the stats under `what` (e.g. `POST /card/move`). Resolves
   * with the status and the parsed JSON body, or null after a connection error or timeout.
   */
  request<T = Record<string, unknown>>(
    what: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer<T> | null> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    return new Promise((resolve) => {
      let settled = false;
      const done = (answer: Answer<T> | null, status: number | null, detail = '') => {
        if (settled) return;
        settled = true;
        this.stats.record(what, status, performance.now() - started, detail);
        resolve(answer);
      };
      const req = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path,
          method,
          agent: this.agent,
          localAddress: this.localAddress,
          headers: {
            Accept: 'application/json',
            'Accept-Encoding': 'gzip',
            Origin: this.base.origin,
            ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}),
            ...(payload === undefined
              ? {}
              : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => done(null, null, `response: ${err.message}`));
          res.on('end', () => {
            this.keepCookies(res.headers['set-cookie']);
            let raw = Buffer.concat(chunks);
            const status = res.statusCode ?? 0;
            try {
              if (res.headers['content-encoding'] === 'gzip') raw = zlib.gunzipSync(raw);
              const text = raw.toString('utf8');
              const parsed = (res.headers['content-type'] ?? '').includes('json') && text ? JSON.parse(text) : text;
              done({ status, body: parsed as T }, status, status >= 500 ? text.slice(0, 200) : '');
            } catch (err) {
              done({ status, body: null as T }, status, `unreadable body: ${String(err)}`);
            }
          });
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', (err: NodeJS.ErrnoException) => done(null, null, err.code ?? err.message));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
