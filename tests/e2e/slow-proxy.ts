import http from 'node:http';

/**
 * `E2E_API_DELAY_MS=150` (or a range, `0-300`, drawn per request): the browser specs talk to the API
 * through this proxy, which holds every `/api/` request that long before passing it on, so a spec that
 * still passes waits for what it reads instead of racing the API's answer (on a faster or slower machine
 * the order changes). Off by default; see docs/contributing.md.
 */
export function apiDelay(spec = process.env.E2E_API_DELAY_MS ?? ''): (() => number) | null {
  const [low = 0, high] = spec.split('-').map(Number);
  if (Number.isNaN(low) || (!low && !high)) return null;
  if (high === undefined || Number.isNaN(high)) return () => low;
  return () => low + Math.random() * (high - low);
}

/** Listens on `port` and forwards everything to the API on `apiPort`, `/api/` requests after `delay()`. */
export async function startSlowProxy(port: number, apiPort: number, delay: () => number): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request(
        { host: '127.0.0.1', port: apiPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      res.on('close', () => upstream.destroy());
      req.pipe(upstream);
    };
    if (req.url?.startsWith('/api/')) setTimeout(forward, delay());
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
