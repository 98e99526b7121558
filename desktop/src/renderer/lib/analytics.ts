import {
  ANALYTICS_BATCH_MAX,
  sanitizeAnalyticsProps,
  type AnalyticsClientEventName,
  type AnalyticsProps,
} from '@shared/schemas/analytics';

/**
 * The renderer's analytics client (docs/areas/insights.md#events, "Events"): `track()` only
 * queues (it never waits and never throws), and the queue is sent in batches to
 * POST /api/analytics/events: at `flushAt` events, after `flushIntervalMs`, and when the page is
 * hidden (navigator.sendBeacon where the page is served over http(s), else fetch with keepalive:
 * the desktop app's app:// pages have no beacon to the API). Offline, the queue waits, capped at
 * `maxQueue` (the oldest go first) and forgetting events older than `maxAgeMs`. Properties are
 * whitelisted before they are queued, so a password or free text never leaves the page.
 */

export interface QueuedEvent {
  name: string;
  props: AnalyticsProps;
  /** ms since 1970, by this machine's clock (the server clamps it). */
  at: number;
}

export interface AnalyticsClientOptions {
  /** The endpoint, e.g. `${apiBaseUrl()}/api/analytics/events`. */
  url: string;
  flushAt?: number;
  flushIntervalMs?: number;
  maxQueue?: number;
  maxAgeMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
  /** navigator.sendBeacon, or null where it cannot reach the API (the app:// desktop pages). */
  sendBeacon?: ((url: string, data: Blob) => boolean) | null;
  isOnline?: () => boolean;
}

export interface AnalyticsClient {
  track(name: AnalyticsClientEventName | (string & {}), props?: Record<string, unknown>): void;
  /** Sends what is queued now (one request at a time); resolves when that request ended. */
  flush(): Promise<void>;
  /** The page is going away: everything queued goes with sendBeacon / fetch keepalive, without waiting. */
  flushOnHide(): void;
  /** Events waiting (tests, diagnostics). */
  size(): number;
  /** Stops the timer and forgets the queue. */
  stop(): void;
}

export const ANALYTICS_DEFAULTS = {
  flushAt: 20,
  flushIntervalMs: 5000,
  maxQueue: 200,
  maxAgeMs: 24 * 60 * 60_000,
} as const;

export function createAnalyticsClient(options: AnalyticsClientOptions): AnalyticsClient {
  const flushAt = options.flushAt ?? ANALYTICS_DEFAULTS.flushAt;
  const intervalMs = options.flushIntervalMs ?? ANALYTICS_DEFAULTS.flushIntervalMs;
  const maxQueue = options.maxQueue ?? ANALYTICS_DEFAULTS.maxQueue;
  const maxAgeMs = options.maxAgeMs ?? ANALYTICS_DEFAULTS.maxAgeMs;
  const now = options.now ?? (() => Date.now());
  const doFetch: typeof fetch = (...args) => (options.fetch ?? fetch)(...args);
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  let queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  /** After a 429 or a failure, nothing is sent before this moment. */
  let pausedUntil = 0;

  const fresh = (e: QueuedEvent) => now() - e.at <= maxAgeMs;
  const trim = () => {
    queue = queue.filter(fresh);
    if (queue.length > maxQueue) queue = queue.slice(queue.length - maxQueue);
  };
  const schedule = (delay = intervalMs) => {
    if (timer !== null || queue.length === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  };
  const body = (events: QueuedEvent[]) => JSON.stringify({ events });

  async function send(batch: QueuedEvent[]): Promise<void> {
    let status = 0;
    let retryAfter = 0;
    try {
      const res = await doFetch(options.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'include',
        keepalive: true,
        body: body(batch),
      });
      status = res.status;
      retryAfter = Number(res.headers.get('Retry-After')) || 0;
    } catch {
      // Offline, or the API unreachable: status stays 0.
    }
    if (status >= 200 && status < 300) return;
    // Refused for good (signed out, blocked, a bad item): these events can never be stored.
    if (status >= 400 && status < 500 && status !== 429 && status !== 408) return;
    // Not now (offline, 429, 5xx): back in front of the queue, and a pause before the next try.
    queue = [...batch, ...queue];
    trim();
    pausedUntil = now() + Math.max(retryAfter * 1000, intervalMs);
  }

  function flush(): Promise<void> {
    if (inFlight) return inFlight;
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    trim();
    if (queue.length === 0) return Promise.resolve();
    if (!isOnline() || now() < pausedUntil) {
      schedule(Math.max(intervalMs, pausedUntil - now()));
      return Promise.resolve();
    }
    const batch = queue.slice(0, ANALYTICS_BATCH_MAX);
    queue = queue.slice(batch.length);
    inFlight = send(batch).finally(() => {
      inFlight = null;
      if (queue.length >= flushAt && now() >= pausedUntil) void flush();
      else schedule();
    });
    return inFlight;
  }

  return {
    track(name, props) {
      try {
        queue.push({ name, props: sanitizeAnalyticsProps(props) ?? {}, at: now() });
        trim();
        if (queue.length >= flushAt) void flush();
        else schedule();
      } catch {
        // Analytics never breaks the page.
      }
    },
    flush,
    flushOnHide() {
      trim();
      if (timer !== null) {
        clearTimeout(timer);
        timer = null;
      }
      while (queue.length > 0) {
        const batch = queue.slice(0, ANALYTICS_BATCH_MAX);
        queue = queue.slice(batch.length);
        const data = body(batch);
        let sent = false;
        try {
          sent = options.sendBeacon?.(options.url, new Blob([data], { type: 'application/json' })) ?? false;
        } catch {
          // A beacon that throws counts as refused.
        }
        if (!sent) {
          try {
            void doFetch(options.url, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              credentials: 'include',
              keepalive: true,
              body: data,
            }).catch(() => undefined);
          } catch {
            // Gone with the page.
          }
        }
      }
    },
    size: () => queue.length,
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      queue = [];
    },
  };
}

/**
 * navigator.sendBeacon when this page can beacon the API: an http(s) page (the web build, same
 * origin). The desktop app's app:// pages reach the API through the shell's protocol handler,
 * which a beacon does not go through, so there the client falls back to fetch with keepalive.
 */
export function beaconFor(location: { protocol: string }): ((url: string, data: Blob) => boolean) | null {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return null;
  if (location.protocol !== 'http:' && location.protocol !== 'https:') return null;
  return (url, data) => navigator.sendBeacon(url, data);
}

/** Sends the queue when the page is hidden or closed, and retries when the connection is back. */
export function flushOnPageHide(client: AnalyticsClient, target: Window = window): () => void {
  const onHidden = () => {
    if (target.document.visibilityState === 'hidden') client.flushOnHide();
  };
  const onPageHide = () => client.flushOnHide();
  const onOnline = () => void client.flush();
  target.document.addEventListener('visibilitychange', onHidden);
  target.addEventListener('pagehide', onPageHide);
  target.addEventListener('online', onOnline);
  return () => {
    target.document.removeEventListener('visibilitychange', onHidden);
    target.removeEventListener('pagehide', onPageHide);
    target.removeEventListener('online', onOnline);
  };
}
