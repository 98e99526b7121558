/**
 * Calendar arithmetic in the viewer's local time zone (the API speaks UTC instants): the days a
 * month or week view shows, and their range as the ISO instants GET /api/calendar/events takes.
 * Weeks start on Monday.
 */

export type CalendarView = 'month' | 'week' | 'agenda';

const DAY_MS = 86_400_000;

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

export function startOfWeek(d: Date): Date {
  const day = (d.getDay() + 6) % 7; // Monday 0
  return addDays(startOfDay(d), -day);
}

/** The days a view shows: a month's whole weeks (5 or 6), one week, or the month's days (agenda). */
export function viewDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(anchor), i));
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1);
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  if (view === 'agenda') return Array.from({ length: last.getDate() }, (_, i) => addDays(first, i));
  const start = startOfWeek(first);
  const end = addDays(startOfWeek(last), 7);
  const n = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  return Array.from({ length: n }, (_, i) => addDays(start, i));
}

/** The range of a view's days as instants: [first day's midnight, the midnight after the last). */
export function viewRange(days: readonly Date[]): { from: string; to: string } {
  return { from: days[0]!.toISOString(), to: addDays(days[days.length - 1]!, 1).toISOString() };
}

/** The anchor of the previous or next page of a view. */
export function shiftAnchor(view: CalendarView, anchor: Date, step: -1 | 1): Date {
  if (view === 'week') return addDays(anchor, 7 * step);
  return new Date(anchor.getFullYear(), anchor.getMonth() + step, 1);
}

export const dayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export const sameDay = (a: Date, b: Date) => dayKey(a) === dayKey(b);

/** The title of a view's page: "December 2026", or the week's days "30 Nov – 6 Dec 2026". */
export function viewTitle(view: CalendarView, anchor: Date, days: readonly Date[]): string {
  if (view !== 'week') return anchor.toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const short = (d: Date) => d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return `${short(first)} – ${short(last)} ${last.getFullYear()}`;
}

export const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

export const longDay = (d: Date) => d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

/** `YYYY-MM-DDTHH:mm` of an instant in local time, for a datetime-local input. */
export function localInputValue(iso: string): string {
  const d = new Date(iso);
  return `${dayKey(d)}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
