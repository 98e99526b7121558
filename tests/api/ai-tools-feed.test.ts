import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createContentFeed,
  FeedError,
  loadAiToolsConfig,
  type AiToolsConfig,
} from '../../api/src/adapters/content-feed';
import { loadConfig } from '../../api/src/config';

/** The content feed adapter against a real local HTTP server, with a controllable clock. */
let answer: 'ok' | 'fail' | 'slow' = 'ok';
let hits = 0;
const server = http.createServer((_req, res) => {
  hits += 1;
  const send = () => {
    if (answer === 'fail') {
      res.writeHead(503).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify({ Contents: [{ title: `Tool ${hits}`, ctaBtnUrl: 'https://www.chatbase.co/chatbot-iframe/x' }] }),
    );
  };
  if (answer === 'slow') setTimeout(send, 150);
  else send();
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  answer = 'ok';
  hits = 0;
});

const config = (over: Partial<AiToolsConfig> = {}): AiToolsConfig => ({
  ...loadAiToolsConfig({ AI_TOOLS_FEED_URL: url }),
  ...over,
});

describe('content feed cache', () => {
  it('serves a fresh list from its cache and asks again once it is older than AI_TOOLS_CACHE_SECONDS', async () => {
    let now = 1_000_000;
    const feed = createContentFeed(config({ cacheSeconds: 60 }), { now: () => now });
    expect((await feed.aiTools()).tools[0]?.title).toBe('Tool 1');
    now += 59_000;
    expect((await feed.aiTools()).tools[0]?.title).toBe('Tool 1');
    expect(hits).toBe(1);
    now += 2_000;
    expect((await feed.aiTools()).tools[0]?.title).toBe('Tool 2');
    expect(hits).toBe(2);
  });

  it('shares one feed request between simultaneous callers', async () => {
    answer = 'slow';
    const feed = createContentFeed(config({ cacheSeconds: 60 }));
    const lists = await Promise.all(Array.from({ length: 8 }, () => feed.aiTools()));
    expect(hits).toBe(1);
    expect(new Set(lists.map((l) => l.tools[0]?.title))).toEqual(new Set(['Tool 1']));
  });

  it('keeps serving the last good list for AI_TOOLS_STALE_SECONDS when the feed fails, then fails', async () => {
    let now = 1_000_000;
    const feed = createContentFeed(config({ cacheSeconds: 10, staleSeconds: 100 }), { now: () => now });
    await feed.aiTools();
    answer = 'fail';
    now += 50_000;
    const stale = await feed.aiTools();
    expect(stale.tools[0]?.title).toBe('Tool 1');
    expect(stale.fetchedAt?.getTime()).toBe(1_000_000);
    now += 60_000;
    await expect(feed.aiTools()).rejects.toBeInstanceOf(FeedError);
    expect(hits).toBe(3);
  });

  it('asks the feed every time and reports each failure when caching is off', async () => {
    const feed = createContentFeed(config({ cacheSeconds: 0, staleSeconds: 0 }));
    await feed.aiTools();
    await feed.aiTools();
    answer = 'fail';
    await expect(feed.aiTools()).rejects.toMatchObject({ reason: 'http' });
    expect(hits).toBe(3);
  });
});

describe('AI tools configuration', () => {
  it('defaults to no feed, a 5 s timeout, a 5 min cache and the default widget', () => {
    const c = loadConfig({ NODE_ENV: 'test' }).aiTools;
    expect(c).toMatchObject({ feedUrl: null, timeoutMs: 5000, cacheSeconds: 300, staleSeconds: 86_400 });
    expect(c.chatWidget?.url).toMatch(/^https:\/\/www\.chatbase\.co\//);
  });

  it('refuses a feed URL that is not http(s) and a widget outside the chat origins', () => {
    expect(() => loadAiToolsConfig({ AI_TOOLS_FEED_URL: 'file:///etc/passwd' })).toThrow(/AI_TOOLS_FEED_URL/);
    expect(() => loadAiToolsConfig({ AI_CHAT_WIDGET_URL: 'https://evil.example/widget' })).toThrow(
      /AI_CHAT_WIDGET_URL/,
    );
    expect(loadAiToolsConfig({ AI_CHAT_WIDGET_URL: 'off' }).chatWidget).toBeNull();
    expect(loadAiToolsConfig({ AI_TOOLS_CACHE_SECONDS: 'abc' }).cacheSeconds).toBe(300);
  });
});
