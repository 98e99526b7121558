/**
 * The renderer's date formats (docs/design.md#dates): one way to write a day and one to write a
 * moment, in US English, on every screen that uses them.
 */
const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const asDay = (day: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day);

/** A calendar day ("YYYY-MM-DD", or the UTC day of an ISO time): "Dec 7, 2026". */
export function formatDay(day: string): string {
  const d = asDay(day);
  return Number.isNaN(d.getTime()) ? day : DAY.format(d);
}

/** A day where the year is plain from the context (a chart's axis): "Dec 7". */
export function formatDayShort(day: string): string {
  const d = asDay(day);
  return Number.isNaN(d.getTime()) ? day : DAY_SHORT.format(d);
}

/** A moment in the reader's time zone: "Dec 7, 2026, 9:27 AM". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : MOMENT.format(d);
}
