import type http from 'node:http';
import net, { type Socket } from 'node:net';

/**
 * How long a keep-alive connection that is idle when draining starts stays open. A client that
 * pools connections (a load balancer, a browser) may be sending its next request on it right now;
 * closed at once, that request is reset, and a POST is then not retried by nginx (a 502). For this
 * long such a request is still answered, with `Connection: close`; after it the idle rest close.
 */
export const IDLE_GRACE_MS = 1_000;

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface Drainer {
  /** Wraps the request listener: while draining, every response closes its connection. */
  listener(inner: Listener): Listener;
  /**
   * Stops accepting connections and requests: the listening socket closes, every response still
   * to be sent says `Connection: close` and its connection closes after it, so in-flight requests
   * finish; idle keep-alive connections close after IDLE_GRACE_MS (a request arriving on one
   * meanwhile is answered, with `Connection: close`). Resolves true when the last connection has
   * closed, or false after `graceMs` when the rest were destroyed.
   */
  drain(graceMs: number): Promise<boolean>;
}

/**
 * Graceful shutdown for a Node HTTP(S) server, with Node's own APIs. `server.close()` alone stops
 * the listener but lets busy keep-alive connections take new requests for as long as clients send
 * them (until a deadline resets them mid-request); here a connection serves at most the request
 * it is on when draining starts.
 */
export function createDrainer(server: http.Server): Drainer {
  let draining = false;
  const sockets = new Set<Socket>();
  const inFlight = new Set<http.ServerResponse>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  /** The response ends its connection: `Connection: close` if its head is not out yet, else end after it. */
  const closeAfter = (res: http.ServerResponse) => {
    if (!res.headersSent) {
      res.setHeader('Connection', 'close');
      return;
    }
    const socket = res.socket;
    res.once('finish', () => socket?.end());
  };

  return {
    listener: (inner) => (req, res) => {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
      if (draining) closeAfter(res);
      inner(req, res);
    },
    drain: (graceMs) =>
      new Promise<boolean>((resolve) => {
        draining = true;
        for (const res of inFlight) closeAfter(res);
        let forced = false;
        const deadline = setTimeout(() => {
          forced = true;
          for (const socket of sockets) socket.destroy();
        }, graceMs);
        // Stop listening now, before any answer says `Connection: close`: a client (nginx) that
        // opens a new connection for its next request is then refused (and retries elsewhere,
        // whatever the method) instead of being queued in the backlog and reset when the listening
        // socket closes. net.Server's close: http.Server's would also close every idle keep-alive
        // connection at once, racing a client that is reusing one; those close after the grace.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(deadline);
          clearTimeout(idle);
          resolve(!forced);
        });
        const idle = setTimeout(() => server.closeIdleConnections(), Math.min(IDLE_GRACE_MS, graceMs));
      }),
  };
}
