import { AI_CHAT_WIDGET_TITLE, DEFAULT_AI_CHAT_WIDGET_URL } from '@shared/content/ai-tools';
import { DEFAULT_AI_TOOLS, isAllowedChatUrl, normalizeFeed } from '@shared/schemas/ai-tools';
import type { AiChatWidget, AiTool } from '@shared/types';

/** AI Toolkit settings (environment variables AI_TOOLS_* and AI_CHAT_WIDGET_URL). */
export interface AiToolsConfig {
  /** The content feed (AI_TOOLS_FEED_URL); null: the built-in default tools, no request. */
  feedUrl: string | null;
  /** Give up on the feed after this long (AI_TOOLS_FEED_TIMEOUT_MS, default 5000). */
  timeoutMs: number;
  /** Serve a read list this long before asking the feed again (AI_TOOLS_CACHE_SECONDS, default 300; 0: never cache). */
  cacheSeconds: number;
  /** When the feed fails, keep serving the last good list this long (AI_TOOLS_STALE_SECONDS, default 86400; 0: never). */
  staleSeconds: number;
  /** The raina chat widget frame (AI_CHAT_WIDGET_URL; 'off' switches it off). */
  chatWidget: AiChatWidget | null;
}

/** Largest feed answer read (bytes); a bigger one counts as a failure. */
export const FEED_MAX_BYTES = 2 * 1024 * 1024;

function count(v: string | undefined, fallback: number, min: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const n = Number(v);
  return Number.isInteger(n) && n >= min ? n : fallback;
}

export function loadAiToolsConfig(env: NodeJS.ProcessEnv): AiToolsConfig {
  const feedUrl = env.AI_TOOLS_FEED_URL?.trim() || null;
  if (feedUrl && !/^https?:\/\/[^\s/]+/i.test(feedUrl)) {
    throw new Error('AI_TOOLS_FEED_URL must be an http(s) URL');
  }
  const widgetRaw = env.AI_CHAT_WIDGET_URL?.trim() || DEFAULT_AI_CHAT_WIDGET_URL;
  if (widgetRaw.toLowerCase() !== 'off' && !isAllowedChatUrl(widgetRaw)) {
    throw new Error(
      'AI_CHAT_WIDGET_URL must be an https URL on an allowed chat origin (shared/src/content/ai-tools.ts), or off',
    );
  }
  return {
    feedUrl,
    timeoutMs: count(env.AI_TOOLS_FEED_TIMEOUT_MS, 5000, 1),
    cacheSeconds: count(env.AI_TOOLS_CACHE_SECONDS, 300, 0),
    staleSeconds: count(env.AI_TOOLS_STALE_SECONDS, 86_400, 0),
    chatWidget: widgetRaw.toLowerCase() === 'off' ? null : { url: widgetRaw, title: AI_CHAT_WIDGET_TITLE },
  };
}

/** Why the feed could not be used. */
export class FeedError extends Error {
  constructor(
    readonly reason: 'timeout' | 'http' | 'invalid' | 'network' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export interface AiToolList {
  tools: AiTool[];
  source: 'feed' | 'default';
  fetchedAt: Date | null;
}

export interface ContentFeed {
  /** The tools: cached, fetched, stale after a failure, or a FeedError. */
  aiTools(): Promise<AiToolList>;
}

type FetchFn = typeof fetch;

async function readLimited(res: Response, limit: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new FeedError('too_large', 'feed answer too large');
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
    if (done || !value) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new FeedError('too_large', 'feed answer too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One GET of the feed, bounded in time and size, normalised to AiTools. */
export async function fetchAiTools(url: string, timeoutMs: number, fetchFn: FetchFn = fetch): Promise<AiTool[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let res: Response;
    try {
      res = await fetchFn(url, {
        headers: { Accept: 'application/json' },
        signal: controller.signal,
        redirect: 'follow',
      });
    } catch {
      throw controller.signal.aborted
        ? new FeedError('timeout', 'feed timed out')
        : new FeedError('network', 'feed unreachable');
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new FeedError('http', `feed answered ${res.status}`);
    }
    let text: string;
    try {
      text = await readLimited(res, FEED_MAX_BYTES);
    } catch (err) {
      if (err instanceof FeedError) throw err;
      throw controller.signal.aborted
        ? new FeedError('timeout', 'feed timed out')
        : new FeedError('network', 'feed read failed');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new FeedError('invalid', 'feed answer is not JSON');
    }
    const tools = normalizeFeed(body);
    if (!tools) throw new FeedError('invalid', 'feed answer has no Contents');
    return tools;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The AI tools content feed with a short in-memory cache: a fresh list is served for
 * cacheSeconds; concurrent misses share one request; when the feed fails, the last good list is
 * served for up to staleSeconds, else the FeedError is thrown. Each API instance keeps its own
 * cache (the list is public content, so instances may briefly differ).
 */
export function createContentFeed(
  config: AiToolsConfig,
  options: { fetch?: FetchFn; now?: () => number } = {},
): ContentFeed {
  const now = options.now ?? Date.now;
  let last: { tools: AiTool[]; at: number } | null = null;
  let inFlight: Promise<AiToolList> | null = null;

  const refresh = async (url: string): Promise<AiToolList> => {
    try {
      const tools = await fetchAiTools(url, config.timeoutMs, options.fetch);
      last = { tools, at: now() };
      return { tools, source: 'feed', fetchedAt: new Date(last.at) };
    } catch (err) {
      if (last && config.staleSeconds > 0 && now() - last.at <= config.staleSeconds * 1000) {
        return { tools: last.tools, source: 'feed', fetchedAt: new Date(last.at) };
      }
      throw err;
    }
  };

  return {
    aiTools() {
      const url = config.feedUrl;
      if (!url) return Promise.resolve({ tools: [...DEFAULT_AI_TOOLS], source: 'default', fetchedAt: null });
      if (last && config.cacheSeconds > 0 && now() - last.at < config.cacheSeconds * 1000) {
        return Promise.resolve({ tools: last.tools, source: 'feed', fetchedAt: new Date(last.at) });
      }
      inFlight ??= refresh(url).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
