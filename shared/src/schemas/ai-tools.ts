import { AI_CHAT_ORIGINS, DEFAULT_AI_TOOL_ITEMS, type AiToolFeedItem } from '../content/ai-tools';
import type { AiTool } from '../types/ai-tools';
import { httpsUrlParts } from './urls';

export const AI_TOOL_LIMITS = {
  /** Tools read from one feed answer (the rest are ignored). */
  maxTools: 200,
  titleMax: 200,
  descriptionMax: 2000,
  tagsPerTool: 20,
  tagMax: 60,
} as const;

/** docs/areas/ai-toolkit.md#data: the slug is the lowercase title with non-alphanumerics turned into hyphens (a run becomes one). */
export function aiToolSlug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** The in-app chat page of a tool. */
export function aiToolLink(slug: string): string {
  return `/ai-toolkit/chat/${encodeURIComponent(slug)}`;
}

/** True for an https URL on one of the chat origins the app may frame. */
export function isAllowedChatUrl(raw: unknown): raw is string {
  const parts = httpsUrlParts(raw);
  return parts !== null && (AI_CHAT_ORIGINS as readonly string[]).includes(parts.origin);
}

const NEW_MARKERS = new Set(['new']);
const SOON_MARKERS = new Set(['soon', 'coming soon', 'coming-soon']);

function text(v: unknown, max: number): string {
  return typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, max) : '';
}

/** featuredImage as a string or {url}; https only (the CSP allows https images). */
function imageUrl(v: unknown): string | null {
  const raw = typeof v === 'string' ? v : v && typeof v === 'object' ? (v as { url?: unknown }).url : undefined;
  return httpsUrlParts(raw) ? (raw as string).trim() : null;
}

/** Keywords as [{title}], [string] or 'a, b'. */
function keywordTitles(v: unknown): string[] {
  const list: unknown[] = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  const titles: string[] = [];
  for (const k of list.slice(0, 100)) {
    const raw = typeof k === 'string' ? k : k && typeof k === 'object' ? (k as { title?: unknown }).title : undefined;
    const t = text(raw, AI_TOOL_LIMITS.tagMax);
    if (t && !titles.some((x) => x.toLowerCase() === t.toLowerCase())) titles.push(t);
  }
  return titles;
}

/**
 * One feed item as an AiTool, or null when it has no title. Keyword titles become tags, except
 * 'New' (the New badge) and 'Soon'/'Coming Soon' (the Soon badge; the card is inert). A tool
 * whose ctaBtnUrl is not an allowlisted chat URL, or that the feed marks locked, is locked.
 */
export function normalizeFeedItem(item: unknown): AiTool | null {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return null;
  const it = item as AiToolFeedItem;
  const title = text(it.title, AI_TOOL_LIMITS.titleMax);
  if (!title) return null;
  const keywords = keywordTitles(it.Keywords);
  const isNew = it.isNew === true || keywords.some((k) => NEW_MARKERS.has(k.toLowerCase()));
  const comingSoon = it.comingSoon === true || keywords.some((k) => SOON_MARKERS.has(k.toLowerCase()));
  const tags = keywords
    .filter((k) => !NEW_MARKERS.has(k.toLowerCase()) && !SOON_MARKERS.has(k.toLowerCase()))
    .slice(0, AI_TOOL_LIMITS.tagsPerTool);
  const cta = typeof it.ctaBtnUrl === 'string' && httpsUrlParts(it.ctaBtnUrl) ? it.ctaBtnUrl.trim() : null;
  const chatbaseUrl = isAllowedChatUrl(cta) ? cta : null;
  const slug = aiToolSlug(title);
  return {
    slug,
    title,
    featuredImage: imageUrl(it.featuredImage),
    descriptionPlain: text(it.descriptionPlain, AI_TOOL_LIMITS.descriptionMax),
    ctaBtnUrl: cta,
    tags,
    link: aiToolLink(slug),
    chatbaseUrl,
    isNew,
    comingSoon,
    locked: !comingSoon && (it.locked === true || chatbaseUrl === null),
  };
}

/** The Contents of a feed answer: an array, or {Contents}, {contents} or {items} holding one. */
export function feedContents(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body as unknown[];
  if (!body || typeof body !== 'object') return null;
  const b = body as { Contents?: unknown; contents?: unknown; items?: unknown };
  const list = b.Contents ?? b.contents ?? b.items;
  return Array.isArray(list) ? (list as unknown[]) : null;
}

/** Every usable tool of a feed answer (at most maxTools), or null when the answer has no Contents. */
export function normalizeFeed(body: unknown): AiTool[] | null {
  const contents = feedContents(body);
  if (!contents) return null;
  const tools: AiTool[] = [];
  for (const item of contents) {
    const tool = normalizeFeedItem(item);
    if (tool) tools.push(tool);
    if (tools.length >= AI_TOOL_LIMITS.maxTools) break;
  }
  return tools;
}

/** The built-in list used when the feed is not configured or cannot be read. */
export const DEFAULT_AI_TOOLS: readonly AiTool[] = DEFAULT_AI_TOOL_ITEMS.map((i) => normalizeFeedItem(i)!);

/** Tag filter chips: 'All Tools' plus every tag sorted (case-insensitive), each with its tool count. */
export function aiToolTagCounts(tools: readonly AiTool[]): Array<{ tag: string | null; label: string; count: number }> {
  const counts = new Map<string, number>();
  for (const t of tools) for (const tag of t.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const tags = [...counts.keys()].sort(
    (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b),
  );
  return [
    { tag: null, label: 'All Tools', count: tools.length },
    ...tags.map((tag) => ({ tag, label: tag, count: counts.get(tag)! })),
  ];
}

/** The tool a chat page shows: the first whose slug matches. */
export function findAiTool(tools: readonly AiTool[], slug: string | undefined): AiTool | undefined {
  return slug ? tools.find((t) => t.slug === slug) : undefined;
}
