import http from 'node:http';

export interface SseEvent {
  id: number | null;
  event: string;
  data: unknown;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of a refused request (not a stream). */
  body: string;
  events: SseEvent[];
  heartbeats: number;
  /** Resolves with the first event (already received or still to come) that matches. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Signs in over plain HTTP and returns the session cookie. */
export async function sessionCookie(base: string, user: { email: string; password: string }): Promise<string> {
  const body = JSON.stringify({ email: user.email, password: user.password });
  const url = new URL('/api/auth/signin', base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Origin: url.origin },
      },
      (res) => {
        res.resume();
        const cookies = res.headers['set-cookie'] ?? [];
        if (res.statusCode !== 200 || cookies.length === 0) reject(new Error(`sign-in answered ${res.statusCode}`));
        else resolve(cookies.map((c) => c.split(';')[0]).join('; '));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Opens GET `path` as an event stream (resolves once the response head is in). */
export function openSse(base: string, path: string, cookie: string | null, headers: Record<string, string> = {}) {
  return new Promise<SseClient>((resolve, reject) => {
    const req = http.get(
      new URL(path, base),
      { headers: { Accept: 'text/event-stream', ...(cookie ? { Cookie: cookie } : {}), ...headers } },
      (res) => {
        res.setEncoding('utf8');
        let buffer = '';
        const waiters: Array<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
        let endResolve: () => void = () => undefined;
        const client: SseClient = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: '',
          events: [],
          heartbeats: 0,
          next: (match, timeoutMs = 3_000) =>
            new Promise<SseEvent>((ok, fail) => {
              const found = client.events.find(match);
              if (found) return ok(found);
              const timer = setTimeout(
                () => fail(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(client.events)}`)),
                timeoutMs,
              );
              waiters.push({
                match,
                resolve: (e) => {
                  clearTimeout(timer);
                  ok(e);
                },
              });
            }),
          ended: new Promise<void>((r) => (endResolve = r)),
          close: () => req.destroy(),
        };
        res.on('data', (chunk: string) => {
          if (client.status !== 200) {
            client.body += chunk;
            return;
          }
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let id: number | null = null;
            let event = 'message';
            let data: string | null = null;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) client.heartbeats += line.includes('heartbeat') ? 1 : 0;
              else if (line.startsWith('id: ')) id = Number(line.slice(4));
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (data === null) continue;
            const e: SseEvent = { id, event, data: JSON.parse(data) };
            client.events.push(e);
            for (const w of [...waiters]) {
              if (w.match(e)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(e);
              }
            }
          }
        });
        res.on('end', () => endResolve());
        res.on('close', () => endResolve());
        resolve(client);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ECONNRESET') reject(err);
    });
  });
}
