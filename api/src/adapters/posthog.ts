/**
 * The analytics forwarder (docs/areas/insights.md#events): PostHog's capture API, batch
 * endpoint. `POST {host}/batch/` with `{api_key, batch: [{event, distinct_id, properties, timestamp}]}`
 * (https://posthog.com/docs/api/capture). Off unless POSTHOG_HOST and POSTHOG_API_KEY are set.
 * The only place that knows PostHog: a different product is a different adapter with the same shape.
 */

export interface ForwardedEvent {
  event: string;
  /** Who did it: `user:<id>`, or `anonymous` for an event without a user. */
  distinctId: string;
  properties: Record<string, string | number | boolean>;
  /** ISO 8601. */
  timestamp: string;
}

export interface AnalyticsForwarder {
  /** Sends one batch; rejects when the service did not accept it (the caller logs, never retries). */
  send(events: ForwardedEvent[]): Promise<void>;
}

export interface PostHogOptions {
  host: string;
  apiKey: string;
  /** Give up after this long (default 5 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createPostHogForwarder(options: PostHogOptions): AnalyticsForwarder {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.host.replace(/\/+$/, '')}/batch/`;
  return {
    async send(events) {
      if (events.length === 0) return;
      const res = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          api_key: options.apiKey,
          batch: events.map((e) => ({
            event: e.event,
            distinct_id: e.distinctId,
            properties: e.properties,
            timestamp: e.timestamp,
          })),
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      // Drain the body so the connection is released.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`PostHog answered ${res.status}`);
    },
  };
}
