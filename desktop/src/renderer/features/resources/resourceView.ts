import { resourceOpening, type ResourceOpening } from '@shared/policies/resources';
import { RESOURCE_DESCRIPTION_CARD_CHARS } from '@shared/schemas/resources';
import type { Resource } from '@shared/types';

/** docs/areas/resources.md#screens: card descriptions are cut at 80 characters (on a word boundary when one is near). */
export function truncateDescription(text: string | null, max = RESOURCE_DESCRIPTION_CARD_CHARS): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatPrice = (price: number) => money.format(price);

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** '3 days ago', 'yesterday', 'now' ... for the dashboard's Recent Resources. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'minute');
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export const openingOf = (r: Resource): ResourceOpening => resourceOpening(r);

/** The card's main action, in words. */
export function actionLabel(r: Resource): string {
  switch (openingOf(r)) {
    case 'link':
      return 'Open link';
    case 'article':
      return 'Read article';
    case 'course':
      return 'Open course';
    case 'purchase-url':
      return r.price ? `Buy for ${formatPrice(r.price)}` : 'Buy now';
    case 'purchase-modal':
      return `Buy for ${formatPrice(r.price ?? 0)}`;
    case 'upgrade':
      return 'Upgrade to Premium';
    default:
      return 'Not available yet';
  }
}

/** A short status badge: Owned, For Sale with its price, Included with Premium, Hidden. */
export function badges(r: Resource): Array<{ text: string; tone: 'green' | 'amber' | 'gray' | 'brand' }> {
  const out: Array<{ text: string; tone: 'green' | 'amber' | 'gray' | 'brand' }> = [];
  if (r.hidden) out.push({ text: 'Hidden', tone: 'gray' });
  if (r.owned) out.push({ text: 'Owned', tone: 'green' });
  else if (r.visibility === 'For Sale' || r.visibility === 'For Sale Premium') {
    out.push({
      text: r.price ? `${r.visibility} · ${formatPrice(r.price)}` : r.visibility,
      tone: r.hasAccess ? 'green' : 'amber',
    });
  } else if (r.visibility === 'Included with Premium')
    out.push({ text: 'Included with Premium', tone: r.hasAccess ? 'brand' : 'amber' });
  else out.push({ text: 'Free', tone: 'gray' });
  return out;
}

/** The in-app address of a Course resource (the lesson redirect resolves it), or null. */
export const courseLink = (r: Resource) => (r.CourseId && r.lessonId ? `/course/${r.CourseId}/${r.lessonId}` : null);
