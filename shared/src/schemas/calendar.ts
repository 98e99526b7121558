import * as yup from 'yup';
import { ROLES, type Role } from '../limits';
import { MESSAGES } from '../messages';
import { CALL_REPEATS, type CallRepeat } from '../types/calendar';
import { dateRangeErrors, dateRangeFields, parseMoment, type DateRangeRule } from './dates';
import { id, integer } from './fields';
import { isHttpsUrl, URL_MAX_CHARS } from './urls';

/** Limits of a coaching call (docs/areas/calendar.md). */
export const CALL_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  durationMin: 5,
  durationMax: 1440,
  tagsMax: 50,
} as const;

/** The longest range GET /api/calendar/events takes: a month view with its leading and trailing weeks, or the feed's 90 days. */
export const CALENDAR_RANGE: DateRangeRule = { instants: true, maxDays: 100 };

/** How far ahead the feed reaches. */
export const CALENDAR_FEED_DAYS = 90;

const tooLong = (max: number) => `Please use at most ${max.toLocaleString('en-US')} characters`;

/** An instant (ISO 8601 with its offset) or a day, inside the shared date window; null when it is neither. */
function instantOf(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = parseMoment(value, true);
  if (!m) return null;
  return dateRangeErrors({ from: value }, { instants: true }).from ? null : m.at;
}

const instant = () =>
  yup
    .string()
    .trim()
    .test('instant', function check(value) {
      if (value === undefined || value === null || value === '') return true;
      const message = dateRangeErrors({ from: value }, { instants: true }).from;
      return message ? this.createError({ message }) : true;
    });

/**
 * POST /api/calendar/call/upsert: a call once or repeating; `until` (a repeating call's last
 * start, a day counting whole) only with a repeat, not before the first start; `roles` and
 * `tagIds` decide who sees it (none of either: everyone).
 */
export const callUpsertSchema = yup.object({
  id: id().optional(),
  title: yup.string().trim().required(MESSAGES.fieldRequired).max(CALL_LIMITS.titleMax, tooLong(CALL_LIMITS.titleMax)),
  description: yup.string().trim().max(CALL_LIMITS.descriptionMax, tooLong(CALL_LIMITS.descriptionMax)).default(''),
  startsAt: instant().required(MESSAGES.fieldRequired),
  durationMinutes: integer()
    .typeError('Enter the length in minutes')
    .required(MESSAGES.fieldRequired)
    .min(CALL_LIMITS.durationMin, `At least ${CALL_LIMITS.durationMin} minutes`)
    .max(CALL_LIMITS.durationMax, `At most ${CALL_LIMITS.durationMax} minutes`),
  joinUrl: yup
    .string()
    .trim()
    .required(MESSAGES.fieldRequired)
    .max(URL_MAX_CHARS, tooLong(URL_MAX_CHARS))
    .test('https', MESSAGES.callJoinUrlHttps, (v) => isHttpsUrl(v)),
  repeat: yup
    .string<CallRepeat>()
    .trim()
    .oneOf([...CALL_REPEATS], MESSAGES.callRepeatUnknown)
    .default('none'),
  until: instant()
    .nullable()
    .transform((v: string | null | undefined) => (v === '' ? null : v))
    .default(null)
    .test('until-repeat', MESSAGES.callUntilWithoutRepeat, function check(value) {
      return !value || (this.parent as { repeat?: string }).repeat !== 'none';
    })
    .test('until-after-start', MESSAGES.callUntilBeforeStart, function check(value) {
      const until = instantOf(value);
      const start = instantOf((this.parent as { startsAt?: string }).startsAt);
      if (until === null || start === null) return true;
      return untilEnd(value!) >= start;
    }),
  roles: yup
    .array(
      yup
        .string<Role>()
        .oneOf([...ROLES], MESSAGES.callRoleUnknown)
        .required(),
    )
    .max(ROLES.length)
    .default([]),
  tagIds: yup.array(id().required()).max(CALL_LIMITS.tagsMax, `At most ${CALL_LIMITS.tagsMax} tags`).default([]),
});
export type CallUpsertInput = yup.InferType<typeof callUpsertSchema>;

/** The last moment `until` allows a start: a day counts whole (its end), an instant as given. */
export function untilEnd(until: string): number {
  const m = parseMoment(until.trim(), true);
  if (!m) return Number.NaN;
  return m.dateOnly ? m.at + 86_400_000 - 1 : m.at;
}

/** PUT /api/calendar/call/:id/rsvp. */
export const callRsvpSchema = yup.object({
  going: yup.boolean().strict().typeError('Answer true or false').required(MESSAGES.fieldRequired),
});
export type CallRsvpInput = yup.InferType<typeof callRsvpSchema>;

const range = dateRangeFields(CALENDAR_RANGE);

/** GET /api/calendar/events?from=&to=: both ends, days or instants, at most CALENDAR_RANGE.maxDays apart. */
export const calendarEventsQuerySchema = yup.object({
  from: range.from.required(MESSAGES.fieldRequired),
  to: range.to.required(MESSAGES.fieldRequired),
});
export type CalendarEventsQuery = yup.InferType<typeof calendarEventsQuerySchema>;

/** The half-open range [from, to) of a valid query, in ms (a day's `to` counts whole). */
export function calendarRange(query: { from: string; to: string }): { from: number; to: number } {
  const f = parseMoment(query.from.trim(), true)!;
  const t = parseMoment(query.to.trim(), true)!;
  return { from: f.at, to: t.dateOnly ? t.at + 86_400_000 : t.at };
}
