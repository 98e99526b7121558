import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beaconFor, createAnalyticsClient, type AnalyticsClientOptions } from './analytics';

interface Sent {
  url: string;
  body: { events: Array<{ name: string; props: Record<string, unknown>; at: number }> };
  keepalive: boolean | undefined;
}

/** A fake API: answers each POST with the next status (200 once they run out). */
function fakeFetch(statuses: Array<number | 'offline'> = []) {
  const sent: Sent[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const next = statuses.shift() ?? 200;
    if (next === 'offline') throw new TypeError('Failed to fetch');
    sent.push({ url: url as string, body: JSON.parse(init?.body as string), keepalive: init?.keepalive });
    return new Response(next === 200 ? '{"recorded":1}' : '{}', {
      status: next,
      headers: next === 429 ? { 'Retry-After': '30' } : {},
    });
  });
  return { fn: fn as unknown as typeof fetch, sent };
}

const URL_ = '/api/analytics/events';

function client(options: Partial<AnalyticsClientOptions> & { fetch: typeof fetch }) {
  return createAnalyticsClient({ url: URL_, now: () => Date.now(), sendBeacon: null, ...options });
}

/** Lets the fetch promise chain settle under fake timers. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the analytics client', () => {
  it('track() only queues: nothing is sent before 20 events or the interval', async () => {
    const api = fakeFetch();
    const c = client({ fetch: api.fn });
    for (let i = 0; i < 19; i += 1) c.track('page_view', { path: `/p/${i}` });
    expect(api.sent).toHaveLength(0);
    expect(c.size()).toBe(19);
    c.track('card_moved', { cardId: 7 });
    await settle();
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.body.events).toHaveLength(20);
    expect(api.sent[0]!.body.events[19]).toEqual({ name: 'card_moved', props: { cardId: 7 }, at: Date.now() });
    expect(api.sent[0]!.keepalive).toBe(true);
    expect(c.size()).toBe(0);
  });

  it('sends a smaller batch after the interval (5 s)', async () => {
    const api = fakeFetch();
    const c = client({ fetch: api.fn });
    c.track('page_view', { path: '/dashboard' });
    c.track('lesson_completed', { lessonId: 3 });
    await vi.advanceTimersByTimeAsync(4999);
    expect(api.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.body.events.map((e) => e.name)).toEqual(['page_view', 'lesson_completed']);
  });

  it('never queues passwords, free text or query strings', async () => {
    const api = fakeFetch();
    const c = client({ fetch: api.fn });
    c.track('page_view', {
      path: '/reset-password/abc?token=secret#x',
      password: 'hunter2',
      note: 'a b\nc',
      cardId: 4,
    });
    await c.flush();
    expect(api.sent[0]!.body.events[0]!.props).toEqual({ path: '/reset-password/abc', cardId: 4 });
  });

  it('offline: keeps the events and sends them once online again', async () => {
    let online = false;
    const api = fakeFetch();
    const c = client({ fetch: api.fn, isOnline: () => online });
    c.track('page_view', { path: '/a' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.sent).toHaveLength(0);
    expect(c.size()).toBe(1);
    online = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(api.sent).toHaveLength(1);
    expect(c.size()).toBe(0);
  });

  it('offline for long: the queue is capped (oldest dropped) and events older than a day are forgotten', async () => {
    const api = fakeFetch();
    const c = client({ fetch: api.fn, isOnline: () => false, maxQueue: 200 });
    for (let i = 0; i < 250; i += 1) c.track('page_view', { path: `/p/${i}` });
    expect(c.size()).toBe(200);
    await vi.advanceTimersByTimeAsync(25 * 60 * 60_000);
    c.track('page_view', { path: '/late' });
    expect(c.size()).toBe(1);
    expect(api.sent).toHaveLength(0);
  });

  it('a failed send (network, 5xx, 429) puts the batch back and waits; a 4xx refusal drops it quietly', async () => {
    const api = fakeFetch(['offline', 503, 429, 200, 400]);
    const c = client({ fetch: api.fn });
    c.track('page_view', { path: '/a' });
    await c.flush(); // offline
    expect(c.size()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000); // 503
    expect(c.size()).toBe(1);
    await vi.advanceTimersByTimeAsync(5000); // 429, Retry-After 30 s
    expect(c.size()).toBe(1);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(api.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000); // 200
    expect(api.sent).toHaveLength(3);
    expect(c.size()).toBe(0);
    c.track('page_view', { path: '/b' });
    await c.flush(); // 400: never retried
    expect(c.size()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.sent).toHaveLength(4);
  });

  it('sends one request at a time, at most 50 events each', async () => {
    const api = fakeFetch();
    const c = client({ fetch: api.fn, flushAt: 1000, maxQueue: 1000 });
    for (let i = 0; i < 120; i += 1) c.track('page_view', { path: `/p/${i}` });
    const a = c.flush();
    const b = c.flush();
    expect(a).toBe(b);
    await a;
    expect(api.sent.map((s) => s.body.events.length)).toEqual([50]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.sent.map((s) => s.body.events.length)).toEqual([50, 50, 20]);
  });

  it('on page hide: sendBeacon where it works, else fetch keepalive, without waiting', async () => {
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    const api = fakeFetch();
    const web = client({ fetch: api.fn, sendBeacon: beacon });
    web.track('page_view', { path: '/a' });
    web.flushOnHide();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe(URL_);
    expect(api.sent).toHaveLength(0);
    expect(web.size()).toBe(0);

    // The beacon refused (too large, or no beacon on app:// pages): fetch with keepalive instead.
    const refused = vi.fn(() => false);
    const desktop = client({ fetch: api.fn, sendBeacon: refused });
    desktop.track('page_view', { path: '/b' });
    desktop.flushOnHide();
    await settle();
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]!.keepalive).toBe(true);
  });

  it('uses no beacon on the desktop app’s app:// pages', () => {
    vi.stubGlobal('navigator', { sendBeacon: () => true });
    try {
      expect(beaconFor({ protocol: 'app:' })).toBeNull();
      expect(beaconFor({ protocol: 'https:' })).toBeTypeOf('function');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('never throws into the page, whatever fetch does', async () => {
    const broken = vi.fn(() => {
      throw new Error('boom');
    }) as unknown as typeof fetch;
    const c = client({ fetch: broken });
    expect(() => c.track('page_view', { path: '/a' })).not.toThrow();
    await expect(c.flush()).resolves.toBeUndefined();
    expect(() => c.flushOnHide()).not.toThrow();
  });
});
