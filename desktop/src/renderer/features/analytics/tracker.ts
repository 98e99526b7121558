import type { AnalyticsClientEventName } from '@shared/schemas/analytics';
import { beaconFor, createAnalyticsClient, flushOnPageHide, type AnalyticsClient } from '../../lib/analytics';
import { apiBaseUrl } from '../../platform/apiBaseUrl';

/**
 * The app's one analytics client (docs/areas/insights.md, "Events"). Created on first use in the
 * browser or the desktop window; in the renderer's unit tests there is none unless a test sets one
 * (setAnalyticsClient), so the other tests' mocked fetch never sees analytics calls.
 */
let client: AnalyticsClient | null = null;
let created = false;

function appClient(): AnalyticsClient | null {
  if (created) return client;
  created = true;
  if (import.meta.env.MODE === 'test' || typeof window === 'undefined') return null;
  client = createAnalyticsClient({
    url: `${apiBaseUrl()}/api/analytics/events`,
    sendBeacon: beaconFor(window.location),
  });
  flushOnPageHide(client);
  return client;
}

/** Records an event: queued, sent in a batch later; never blocks, never throws. */
export function track(name: AnalyticsClientEventName, props?: Record<string, unknown>): void {
  appClient()?.track(name, props);
}

/** Tests: the client `track` uses (null: none). */
export function setAnalyticsClient(next: AnalyticsClient | null): void {
  client = next;
  created = true;
}
