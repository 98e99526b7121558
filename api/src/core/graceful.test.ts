import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDrainer, IDLE_GRACE_MS } from './graceful';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function request(port: number, agent: http.Agent, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/', method, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

async function start(handler: http.RequestListener = (_req, res) => res.end('ok')) {
  const server = http.createServer();
  const drainer = createDrainer(server);
  server.on('request', drainer.listener(handler));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, drainer, port: (server.address() as AddressInfo).port };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createDrainer', () => {
  it('answers a request sent on a connection that was idle when draining began, with Connection: close', async () => {
    // The load balancer's case (docs/deploy.md, "Rolling restart"): nginx reuses a pooled keep-alive connection to an
    // instance that has just received SIGTERM. Closing that idle connection at once reset the
    // request, and nginx does not resend a POST: a 502.
    const { drainer, port } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const first = await request(port, agent);
    expect(first.connection).toBe('keep-alive');

    const drained = drainer.drain(5_000);
    await sleep(IDLE_GRACE_MS / 4);
    const second = await request(port, agent, 'POST'); // the same, pooled connection
    expect(second).toEqual({ status: 200, connection: 'close', body: 'ok' });
    expect(await drained).toBe(true);
    await expect(request(port, agent)).rejects.toThrow(/ECONNREFUSED/); // no longer listening
    agent.destroy();
  });

  it('keeps idle connections open through the grace, then closes them and resolves without forcing', async () => {
    const { drainer, port } = await start();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
    await Promise.all([request(port, agent), request(port, agent), request(port, agent)]);
    const sockets = Object.values(agent.freeSockets).flat();
    expect(sockets).toHaveLength(3);
    let closed = 0;
    for (const socket of sockets) socket!.once('close', () => (closed += 1));
    const drained = drainer.drain(10_000);
    await sleep(IDLE_GRACE_MS / 2); // a timer never fires early: the grace is not over
    expect(closed).toBe(0);
    expect(await drained).toBe(true);
    await sleep(20);
    expect(closed).toBe(3);
    agent.destroy();
  });

  it('finishes a request in flight with Connection: close', async () => {
    let release: () => void = () => undefined;
    const { drainer, port } = await start((_req, res) => {
      release = () => res.end('late');
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const pending = request(port, agent);
    await sleep(50);
    const drained = drainer.drain(5_000);
    await sleep(50);
    release();
    expect(await pending).toEqual({ status: 200, connection: 'close', body: 'late' });
    expect(await drained).toBe(true);
    agent.destroy();
  });

  it('stops listening before any answer says Connection: close', async () => {
    // A client told to close opens a new connection for its next request: refused, nginx retries
    // it elsewhere whatever the method; accepted into the backlog of a listener about to close, it
    // would be reset after the request was sent (a 502 for a POST).
    let release: () => void = () => undefined;
    const { drainer, port } = await start((_req, res) => {
      release = () => res.end('late');
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const pending = request(port, agent);
    await sleep(50);
    const drained = drainer.drain(5_000);
    const connected = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    });
    expect(connected).toBe('ECONNREFUSED');
    release();
    expect((await pending).connection).toBe('close');
    expect(await drained).toBe(true);
    agent.destroy();
  });

  it('destroys what is still open after the grace period and resolves false', async () => {
    const { drainer, port } = await start(() => undefined); // never answers
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const pending = request(port, agent).catch((err: Error) => err);
    await sleep(50);
    expect(await drainer.drain(300)).toBe(false);
    expect(await pending).toBeInstanceOf(Error);
    agent.destroy();
  });
});
