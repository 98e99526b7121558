import * as yup from 'yup';

/**
 * First-party analytics events (docs/areas/insights.md#events, "Events"): the names the
 * portal defines, the properties an event may carry, and the batch the renderer sends to
 * POST /api/analytics/events. The renderer sanitises with the same functions before it queues,
 * so a password or a free-text value never leaves the page.
 */

/** The spec's rule (docs/limits.md): an event name is trimmed to 25 characters. */
export const ANALYTICS_NAME_MAX = 25;
/** The most events one POST takes; more is a 413. */
export const ANALYTICS_BATCH_MAX = 50;
/** The most properties kept per event (the first ones, in the order sent). */
export const ANALYTICS_PROPS_MAX = 12;
/** The longest string property value kept (paths, ids, enums). */
export const ANALYTICS_PROP_VALUE_MAX = 100;
/**
 * Distinct names outside ANALYTICS_EVENTS one member may introduce per UTC day (a newer client's
 * names are stored, counted apart); an event with a further new name is dropped, not stored.
 */
export const ANALYTICS_UNKNOWN_NAMES_PER_DAY = 20;
/** A client's `at` is clamped to [now - this, now] by the server (offline queues, skewed clocks). */
export const ANALYTICS_AT_WINDOW_HOURS = 48;

/**
 * The product's key actions. Every other (well-formed) name is stored too, with `known = false`,
 * and counted apart. The server-only ones are written by the API in the transaction of the change
 * (sign-in, sign-up, a payment, a subscription status change); a client may not send them.
 */
export const ANALYTICS_EVENTS = [
  'page_view',
  'signed_in',
  'signed_up',
  'lesson_completed',
  'card_moved',
  'product_saved',
  'qualifier_rated',
  'resource_opened',
  'resource_bought',
  'ai_tool_opened',
  'purchase',
  'subscription_changed',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export const ANALYTICS_SERVER_EVENTS = ['signed_in', 'signed_up', 'purchase', 'subscription_changed'] as const;
export type AnalyticsServerEventName = (typeof ANALYTICS_SERVER_EVENTS)[number];
/**
 * Events that do not make their user active that day (the active-member rollups skip them): a
 * subscription status change is Stripe's doing, not the member's.
 */
export const ANALYTICS_NOT_ACTIVITY: readonly AnalyticsServerEventName[] = ['subscription_changed'];
export type AnalyticsClientEventName = Exclude<AnalyticsEventName, AnalyticsServerEventName>;

/**
 * The property keys an event may carry: ids, paths and enums, never free text. Any other key is
 * dropped (so `password`, `email`, `comment` ... can never be stored, whatever a caller sends).
 */
export const ANALYTICS_PROP_KEYS = [
  'path',
  'id',
  'courseId',
  'moduleId',
  'lessonId',
  'boardId',
  'cardId',
  'listId',
  'fromListId',
  'toListId',
  'productId',
  'resourceId',
  'categoryId',
  'toolId',
  'score',
  'result',
  'status',
  'from',
  'to',
  'amountCents',
  'currency',
  'source',
  'kind',
  'tab',
  'completed',
] as const;
export type AnalyticsPropKey = (typeof ANALYTICS_PROP_KEYS)[number];
export type AnalyticsPropValue = string | number | boolean;
export type AnalyticsProps = Partial<Record<AnalyticsPropKey, AnalyticsPropValue>>;

const PROP_KEYS: ReadonlySet<string> = new Set(ANALYTICS_PROP_KEYS);
const KNOWN: ReadonlySet<string> = new Set(ANALYTICS_EVENTS);
const SERVER_ONLY: ReadonlySet<string> = new Set(ANALYTICS_SERVER_EVENTS);
/** A name: letters, digits and _ . : - (no spaces, so no sentence can be a name). */
const NAME = /^[A-Za-z0-9_.:-]+$/;
/** A string value: an id, a path or an enum (letters, digits, space and _ . : / -). */
const TOKEN = /^[A-Za-z0-9 _.:/-]*$/;
/** The longest name accepted before it is trimmed to ANALYTICS_NAME_MAX. */
const NAME_INPUT_MAX = 200;

export const ANALYTICS_MESSAGES = {
  name: `Give each event a name of letters, digits and _ . : - (at most ${NAME_INPUT_MAX} characters)`,
  serverOnly: 'This event is recorded by the server',
  props: 'Give the properties as an object',
  at: 'Give the time as an ISO date or milliseconds since 1970',
  events: 'Send the events as a list',
  item: 'Give each event as an object with a name',
} as const;

/** The name as stored: whitespace trimmed, then cut to ANALYTICS_NAME_MAX characters (docs/limits.md). */
export function analyticsName(raw: string): string {
  return raw.trim().slice(0, ANALYTICS_NAME_MAX);
}

export function isKnownAnalyticsEvent(name: string): boolean {
  return KNOWN.has(name);
}

export function isServerAnalyticsEvent(name: string): boolean {
  return SERVER_ONLY.has(name);
}

/** One property value as kept, or undefined (dropped): short scalars only; a path loses its query and hash. */
function propValue(key: string, raw: unknown): AnalyticsPropValue | undefined {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) && Math.abs(raw) <= 1e12 ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const value = key === 'path' ? raw.split(/[?#]/, 1)[0]! : raw;
  if (value.length > ANALYTICS_PROP_VALUE_MAX || !TOKEN.test(value)) return undefined;
  return value;
}

/**
 * The whitelisted properties: known keys with short scalar values (at most ANALYTICS_PROPS_MAX);
 * everything else is dropped quietly. Null when `raw` is not a plain object (a 400 at the API).
 */
export function sanitizeAnalyticsProps(raw: unknown): AnalyticsProps | null {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return null;
  const out: Record<string, AnalyticsPropValue> = {};
  let n = 0;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (n >= ANALYTICS_PROPS_MAX) break;
    if (!PROP_KEYS.has(key)) continue;
    const kept = propValue(key, value);
    if (kept === undefined) continue;
    out[key] = kept;
    n += 1;
  }
  return out;
}

/** An event as the API stores it (before the server's clock clamps `at`). */
export interface AnalyticsEventInput {
  name: string;
  known: boolean;
  props: AnalyticsProps;
  /** When it happened by the client's clock (ms since 1970), or null for "now". */
  at: number | null;
}

export type AnalyticsItemCheck = { ok: true; value: AnalyticsEventInput } | { ok: false; message: string };

function parseAt(raw: unknown): number | null | undefined {
  if (raw === undefined || raw === null) return null;
  const ms = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.length <= 40 ? Date.parse(raw) : NaN;
  return Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? Math.trunc(ms) : undefined;
}

/** Checks and normalises one item of a client batch. */
export function checkAnalyticsEvent(raw: unknown): AnalyticsItemCheck {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, message: ANALYTICS_MESSAGES.item };
  const item = raw as { name?: unknown; props?: unknown; at?: unknown };
  if (typeof item.name !== 'string') return { ok: false, message: ANALYTICS_MESSAGES.item };
  const trimmed = item.name.trim();
  if (trimmed === '' || trimmed.length > NAME_INPUT_MAX || !NAME.test(trimmed)) {
    return { ok: false, message: ANALYTICS_MESSAGES.name };
  }
  const name = analyticsName(trimmed);
  if (isServerAnalyticsEvent(name)) return { ok: false, message: ANALYTICS_MESSAGES.serverOnly };
  const props = sanitizeAnalyticsProps(item.props);
  if (props === null) return { ok: false, message: ANALYTICS_MESSAGES.props };
  const at = parseAt(item.at);
  if (at === undefined) return { ok: false, message: ANALYTICS_MESSAGES.at };
  return { ok: true, value: { name, known: isKnownAnalyticsEvent(name), props, at } };
}

/**
 * POST /api/analytics/events `{events: [{name, props?, at?}]}`: 1 to ANALYTICS_BATCH_MAX events
 * (the route answers 413 beyond, before this runs). A bad item is a 400 on `events` naming the
 * item ("Event 3: ..."); unknown property keys and non-scalar values are dropped, not refused.
 */
export const analyticsBatchSchema = yup.object({
  events: yup
    .mixed<AnalyticsEventInput[]>()
    .required(ANALYTICS_MESSAGES.events)
    .test('events', (value, ctx) => {
      if (!Array.isArray(value) || value.length === 0) return ctx.createError({ message: ANALYTICS_MESSAGES.events });
      for (let i = 0; i < value.length; i += 1) {
        const checked = checkAnalyticsEvent(value[i]);
        if (!checked.ok) return ctx.createError({ message: `Event ${i + 1}: ${checked.message}` });
      }
      return true;
    })
    .transform((value: unknown): unknown => {
      if (!Array.isArray(value)) return value;
      const checked = (value as unknown[]).map(checkAnalyticsEvent);
      const parsed: AnalyticsEventInput[] = [];
      for (const c of checked) {
        if (!c.ok) return value;
        parsed.push(c.value);
      }
      return parsed;
    }),
});
export type AnalyticsBatchInput = yup.InferType<typeof analyticsBatchSchema>;
