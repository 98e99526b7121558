import http from 'node:http';

/**
 * With `E2E_API_DELAY_MS=150` (or a range, `0-300`, read by `delayFrom`) the browser specs talk to the API
 * through this proxy, which holds every `/api/` request that long before passing it on, so a spec that
 * still passes waits for what it reads instead of racing the API's answer. Off by default; see
 * docs/contributing.md.
 *
 * Listens on `port` and forwards everything to the API on `apiPort`, `/api/` requests after `delay()`.
 */
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
