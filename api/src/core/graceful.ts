import type http from 'node:http';
import type { Socket } from 'node:net';

type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface Drainer {
  /** Wraps the request listener: while draining, every response closes its connection. */
  listener(inner: Listener): Listener;
  /**
   * Stops accepting connections and requests: the listening socket closes, idle keep-alive
   * connections close at once, every response still to be sent says `Connection: close` and its
   * connection closes after it, so in-flight requests finish and no new one starts. Resolves true
   * when the last connection has closed, or false after `graceMs` when the rest were destroyed.
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
        // Two turns of the event loop first: request bytes that have already arrived are read, so
        // their connections count as busy (and are answered) rather than idle (and reset).
        setImmediate(() =>
          setImmediate(() => {
            server.close(() => {
              clearTimeout(deadline);
              resolve(!forced);
            });
            server.closeIdleConnections();
          }),
        );
      }),
  };
}
