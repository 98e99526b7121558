import * as yup from 'yup';
import { VIDEO_EMBED_ORIGINS } from '../limits';
import { MESSAGES } from '../messages';
import { BANNER_TYPES, type BannerType } from '../types/banners';
import { httpsUrlParts, isHttpsUrl, URL_MAX_CHARS } from './urls';
import { decimal } from './fields';

export const BANNER_LIMITS = {
  titleMax: 200,
  contentMax: 20_000,
  buttonTextMax: 80,
  urlMax: URL_MAX_CHARS,
  shippingRateMax: 100_000,
} as const;

export const BANNER_FIELD_MESSAGES = {
  type: 'Choose basic, premium or course only',
  httpsUrl: 'Please enter a full https:// address',
  videoUrl: 'Please enter a YouTube or Vimeo video address (https://)',
  shippingRate: 'Please enter an amount from 0 to 100,000 with at most 2 decimals',
  shippingRatePremiumOnly: 'Only the premium banner has an average shipping rate',
  tooLong: (max: number) => `Please use at most ${max.toLocaleString('en-US')} characters`,
} as const;

const M = BANNER_FIELD_MESSAGES;
const required = MESSAGES.fieldRequired;

/** Path segment of a banner type: 'course only' is written course-only in URLs. */
export function bannerTypePath(type: BannerType): string {
  return type.replace(' ', '-');
}

/**
 * A banner type from a URL segment or a request body: basic, premium, and for course only the
 * canonical `course-only` (also `course only` and `courseOnly`); case-insensitive. Else null.
 */
export function bannerTypeFromParam(raw: unknown): BannerType | null {
  if (typeof raw !== 'string') return null;
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  if (key === 'basic' || key === 'premium') return key;
  if (key === 'courseonly') return 'course only';
  return null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * The embed URL of a YouTube or Vimeo video address (watch, short, embed or player links), on the
 * video origins the CSP frame-src allows; null for anything else.
 */
export function bannerVideoEmbedUrl(raw: unknown): string | null {
  const parts = httpsUrlParts(raw);
  if (!parts || parts.origin !== `https://${parts.host}`) return null;
  const [pathname = '', query = ''] = parts.rest.split('#')[0]!.split('?');
  const segments = pathname.split('/').filter(Boolean);
  const param = (name: string) =>
    query
      .split('&')
      .map((kv) => kv.split('='))
      .find(([k]) => k === name)?.[1];
  let embed: string | null = null;
  const host = parts.host.replace(/^(www\.|m\.)/, '');
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const base = host === 'youtube.com' ? 'https://www.youtube.com' : 'https://www.youtube-nocookie.com';
    let id: string | undefined;
    if (segments[0] === 'watch' && segments.length === 1) id = param('v');
    else if (['embed', 'shorts', 'live'].includes(segments[0] ?? '') && segments.length === 2) id = segments[1];
    if (id && YOUTUBE_ID.test(id)) embed = `${base}/embed/${id}`;
  } else if (host === 'youtu.be' && segments.length === 1 && YOUTUBE_ID.test(segments[0]!)) {
    embed = `https://www.youtube.com/embed/${segments[0]}`;
  } else if (host === 'vimeo.com' && segments.length >= 1 && VIMEO_ID.test(segments[0]!)) {
    embed = `https://player.vimeo.com/video/${segments[0]}`;
  } else if (host === 'player.vimeo.com' && segments[0] === 'video' && VIMEO_ID.test(segments[1] ?? '')) {
    embed = `https://player.vimeo.com/video/${segments[1]}`;
  }
  if (!embed) return null;
  return (VIDEO_EMBED_ORIGINS as readonly string[]).some((o) => embed.startsWith(`${o}/`)) ? embed : null;
}

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** Only numbers and numeric strings are amounts: [1] or {} or true is a type error, not 1. */
const scalarOnly = (v: unknown, original: unknown) =>
  original !== null && original !== undefined && typeof original !== 'number' && typeof original !== 'string'
    ? Number.NaN
    : v;

const text = (max: number) => yup.string().trim().required(required).max(max, M.tooLong(max));

/**
 * docs/areas/banners.md#validation Banner: title, content, button text and button URL required; video URL optional. URLs are
 * https (the video a YouTube or Vimeo address); average_shipping_rate belongs to the premium banner only.
 */
export const bannerUpsertSchema = yup.object({
  type: yup
    .mixed<BannerType>()
    .transform((v: unknown) => bannerTypeFromParam(v) ?? v)
    .oneOf([...BANNER_TYPES], M.type)
    .required(required),
  title: text(BANNER_LIMITS.titleMax),
  content: text(BANNER_LIMITS.contentMax),
  video_url: yup
    .string()
    .transform(blankToNull)
    .trim()
    .nullable()
    .optional()
    .max(BANNER_LIMITS.urlMax, M.videoUrl)
    .test('video-url', M.videoUrl, (v) => v == null || bannerVideoEmbedUrl(v) !== null),
  button_text: text(BANNER_LIMITS.buttonTextMax),
  button_url: text(BANNER_LIMITS.urlMax).test('https-url', M.httpsUrl, (v) => isHttpsUrl(v)),
  average_shipping_rate: decimal()
    .transform((v: unknown, original: unknown) => (blankToNull(original) === null ? null : scalarOnly(v, original)))
    .nullable()
    .optional()
    .min(0, M.shippingRate)
    .max(BANNER_LIMITS.shippingRateMax, M.shippingRate)
    .test('cents', M.shippingRate, (v) => v == null || Math.abs(Math.round(v * 100) - v * 100) < 1e-6)
    .test('premium-only', M.shippingRatePremiumOnly, function premiumOnly(v) {
      return v == null || (this.parent as { type?: unknown }).type === 'premium';
    }),
});
export type BannerUpsertInput = yup.InferType<typeof bannerUpsertSchema>;

/**
 * The banner type of a URL (`/:type`): basic, premium or course-only (also `course only`,
 * `courseOnly`); anything else is the 400 'Unknown banner type' on the field `type`.
 */
export const bannerTypeParamSchema = yup.object({
  type: yup
    .mixed<BannerType>()
    .transform((v: unknown) => bannerTypeFromParam(v) ?? v)
    .oneOf([...BANNER_TYPES], MESSAGES.unknownBannerType)
    .required(MESSAGES.unknownBannerType),
});
