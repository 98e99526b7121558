import type { Knex } from 'knex';
import type { CourseAudience, InsightsScope } from '@shared/policies';
import { addDays, daysBetween } from '@shared/schemas/dates';
import { INSIGHTS_MAX_DAYS } from '@shared/schemas/insights';
import { listNameKeySql, REVIEW_LIST_NAME } from '@shared/board/list-roles';
import type { ActivePoint, CourseFunnel, DayCounts, InsightsSummary } from '@shared/types/insights';
import type { Role } from '@shared/limits';
import { iso } from '../../core/dates';
import { audienceSql } from '../courses';
import { waitingSinceSql } from '../review';
import { scopeSql } from './scope';

type Db = Knex | Knex.Transaction;

/** Statuses a subscription is cancelled into (Stripe spells it 'canceled'). */
export const CANCELLED_STATUSES = ['canceled', 'cancelled', 'unpaid'] as const;

/** Board progress buckets, by the share of a board's cards in COMPLETED. */
export const BOARD_BUCKETS = ['No cards', '0%', '1–24%', '25–49%', '50–74%', '75–99%', '100%'] as const;
/** How long cards have waited in FOR REVIEW. */
export const WAIT_BUCKETS = ['< 1 day', '1–3 days', '3–7 days', '7–14 days', '14 days or more'] as const;

interface SummaryAggregates {
  active_daily: Array<{ d: string; role: string; n: number }> | null;
  active_weekly: Array<{ d: string; role: string; n: number }> | null;
  active_total: number;
  sign_ups: Array<{ d: string; n: number }> | null;
  cancellations: Array<{ d: string; n: number }> | null;
  lessons: Array<{ d: string; n: number }> | null;
  courses: Array<{ id: number; title: string; lessons: number; started: number; half: number; done: number }> | null;
  boards: Array<{ b: number; n: number }> | null;
  waits: { total: number; oldest: string | null; b0: number; b1: number; b2: number; b3: number; b4: number };
}

/**
 * `from`, then every `step` days up to `to` (both YYYY-MM-DD), counted, never compared as strings:
 * the count is fixed first and bounded by the longest range the schema lets through
 * (INSIGHTS_MAX_DAYS, and the days back to the first Monday), so no range, valid or not, can make
 * it run on. ('+010000-01-01' sorts before '9999-12-31': a loop comparing strings never ended.)
 */
export function everyNthDay(from: string, to: string, step: number): string[] {
  const count = Math.floor((daysBetween(from, to) - 1) / step) + 1;
  if (!(count >= 0 && count <= INSIGHTS_MAX_DAYS + 7))
    throw new Error(`Refusing ${count} points from ${from} to ${to}`);
  return Array.from({ length: count }, (_, i) => addDays(from, i * step));
}

/** The Monday of the ISO week of a UTC date. */
export function mondayOf(date: string): string {
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((dow + 6) % 7));
}

/**
 * The Insights summary (docs/areas/insights.md#insights-page) in ONE statement: every part is a
 * sub-select aggregated to JSON, read from the rollups (the active counts per day / week and role
 * for everyone, analytics_active_days / _weeks for a coach's members and the distinct total), the
 * users, the course progress, the lists' card counts and, for cancellations only, the
 * subscription_changed events through their partial index (never a scan of analytics_events). A
 * coach's numbers are their members' only (users.coach_id); the course funnel lists the courses
 * in the course list of `courses`, the reader's course audience (the route always gives it).
 */
export async function readSummary(
  db: Db,
  scope: Exclude<InsightsScope, null>,
  range: { from: string; to: string },
  courses: CourseAudience,
): Promise<InsightsSummary> {
  const s = scopeSql(scope);
  // The funnel lists the courses the reader's own course list shows (the courses' visibility rule).
  const listed = audienceSql(courses).courseListed('c');
  const weekFrom = mondayOf(range.from);
  // The points of the charts, first: a range past the bound is refused before any query runs.
  const dates = everyNthDay(range.from, range.to, 1);
  const weeks = everyNthDay(weekFrom, range.to, 7);
  const start = `(:from::date)::timestamp at time zone 'UTC'`;
  const end = `(:to::date + 1)::timestamp at time zone 'UTC'`;
  // The UTC day as a date (grouped on), spelled out once per group, not per row.
  const utcDay = (col: string) => `(${col} at time zone 'UTC')::date`;
  const waiting = waitingSinceSql('c');
  const memberBoards = `u.role <> 'admin' and ${s.users}`;
  // Everyone's active members per day / week are counted already (the count rollups, kept by
  // triggers); a coach's members are counted from their rows in the range.
  const activeDaily =
    scope.kind === 'all'
      ? 'select day, role, n from analytics_active_day_counts where day between :from::date and :to::date'
      : 'select day, role, count(*)::int as n from ad group by day, role';
  const activeWeekly =
    scope.kind === 'all'
      ? 'select week, role, n from analytics_active_week_counts where week between :weekFrom::date and :to::date'
      : 'select week, role, count(*)::int as n from aw group by week, role';
  const result = await db.raw<{ rows: SummaryAggregates[] }>(
    `with
     ad as (select a.day, a.role, a.user_id from analytics_active_days a ${s.join('a')}
             where a.day between :from::date and :to::date),
     aw as (select a.week, a.role from analytics_active_weeks a ${s.join('a')}
             where a.week between :weekFrom::date and :to::date),
     lc as (select lc.user_id, lc.lesson_id, lc.completed_at from lesson_completions lc ${s.join('lc')}),
     course_lessons as (
       select m.course_id, count(*)::int as lessons from lessons l join modules m on m.id = l.module_id
        where m.course_id is not null group by m.course_id),
     progress as (
       select m.course_id, lc.user_id, count(*)::int as done
         from lc join lessons l on l.id = lc.lesson_id join modules m on m.id = l.module_id
        where m.course_id is not null group by m.course_id, lc.user_id),
     boards as (
       select b.cards_total as total, b.cards_done as done
         from mtn_boards b join users u on u.id = b.user_id
        where not b.is_template and ${memberBoards}),
     waits as materialized (
       select ${waiting} as since
         from mtn_lists l join users u on u.id = l.user_id join mtn_cards c on c.list_id = l.id
        where ${listNameKeySql('l.name')} = :reviewList and ${memberBoards})
     select
       (select json_agg(json_build_object('d', to_char(day, 'YYYY-MM-DD'), 'role', role, 'n', n))
          from (${activeDaily}) x) as active_daily,
       (select json_agg(json_build_object('d', to_char(week, 'YYYY-MM-DD'), 'role', role, 'n', n))
          from (${activeWeekly}) x) as active_weekly,
       (select count(distinct user_id)::int from ad) as active_total,
       (select json_agg(json_build_object('d', to_char(d, 'YYYY-MM-DD'), 'n', n)) from (
          select ${utcDay('u.created_at')} as d, count(*)::int as n from users u
           where u.created_at >= ${start} and u.created_at < ${end} and ${s.users} group by 1) x) as sign_ups,
       (select json_agg(json_build_object('d', to_char(d, 'YYYY-MM-DD'), 'n', n)) from (
          select ${utcDay('e.occurred_at')} as d, count(*)::int as n from analytics_events e ${s.join('e')}
           where e.name = 'subscription_changed' and e.occurred_at >= ${start} and e.occurred_at < ${end}
             and e.props->>'to' in (${CANCELLED_STATUSES.map((c) => `'${c}'`).join(', ')})
           group by 1) x) as cancellations,
       (select json_agg(json_build_object('d', to_char(d, 'YYYY-MM-DD'), 'n', n)) from (
          select ${utcDay('completed_at')} as d, count(*)::int as n from lc
           where completed_at >= ${start} and completed_at < ${end} group by 1) x) as lessons,
       (select json_agg(json_build_object('id', id, 'title', title, 'lessons', lessons, 'started', started,
                                          'half', half, 'done', done) order by position, id) from (
          select c.id, c.title, c.position, cl.lessons,
                 count(p.user_id)::int as started,
                 count(p.user_id) filter (where p.done * 2 >= cl.lessons)::int as half,
                 count(p.user_id) filter (where p.done >= cl.lessons)::int as done
            from courses c join course_lessons cl on cl.course_id = c.id
            left join progress p on p.course_id = c.id
           where ${listed}
           group by c.id, c.title, c.position, cl.lessons) x) as courses,
       (select json_agg(json_build_object('b', b, 'n', n)) from (
          select case when total = 0 then 0 when done = 0 then 1 when done >= total then 6
                      else 2 + floor(4.0 * done / total)::int end as b, count(*)::int as n
            from boards group by 1) x) as boards,
       (select json_build_object(
          'total', count(*)::int, 'oldest', min(since),
          'b0', count(*) filter (where since > now() - interval '1 day'),
          'b1', count(*) filter (where since <= now() - interval '1 day' and since > now() - interval '3 days'),
          'b2', count(*) filter (where since <= now() - interval '3 days' and since > now() - interval '7 days'),
          'b3', count(*) filter (where since <= now() - interval '7 days' and since > now() - interval '14 days'),
          'b4', count(*) filter (where since <= now() - interval '14 days')) from waits) as waits`,
    { from: range.from, to: range.to, weekFrom, reviewList: REVIEW_LIST_NAME, ...s.bindings },
  );
  return presentSummary(result.rows[0]!, scope.kind, range, { dates, weeks });
}

function toPoints(rows: Array<{ d: string; role: string; n: number }>, dates: string[]): ActivePoint[] {
  const points = new Map<string, ActivePoint>(dates.map((date) => [date, { date, total: 0, byRole: {} }]));
  for (const r of rows) {
    const p = points.get(r.d);
    if (!p) continue;
    p.total += r.n;
    p.byRole[r.role as Role] = (p.byRole[r.role as Role] ?? 0) + r.n;
  }
  return [...points.values()];
}

const byDate = (rows: Array<{ d: string; n: number }> | null) => new Map((rows ?? []).map((r) => [r.d, r.n]));
const sum = (rows: Array<{ n: number }> | null) => (rows ?? []).reduce((a, r) => a + r.n, 0);

function presentSummary(
  row: SummaryAggregates,
  scope: 'all' | 'coach',
  range: { from: string; to: string },
  { dates, weeks }: { dates: string[]; weeks: string[] },
): InsightsSummary {
  const signUps = byDate(row.sign_ups);
  const cancellations = byDate(row.cancellations);
  const lessons = byDate(row.lessons);
  const days: DayCounts[] = dates.map((date) => ({
    date,
    signUps: signUps.get(date) ?? 0,
    cancellations: cancellations.get(date) ?? 0,
    lessonCompletions: lessons.get(date) ?? 0,
  }));
  const boards = new Map((row.boards ?? []).map((r) => [r.b, r.n]));
  const courses: CourseFunnel[] = (row.courses ?? []).map((c) => ({
    id: c.id,
    title: c.title,
    lessons: c.lessons,
    started: c.started,
    halfDone: c.half,
    completed: c.done,
  }));
  const w = row.waits;
  return {
    range,
    scope,
    totals: {
      activeMembers: row.active_total,
      signUps: sum(row.sign_ups),
      cancellations: sum(row.cancellations),
      lessonCompletions: sum(row.lessons),
      cardsWaiting: w.total,
      oldestWaitingSince: w.oldest === null ? null : iso(w.oldest),
    },
    activeDaily: toPoints(row.active_daily ?? [], dates),
    activeWeekly: toPoints(row.active_weekly ?? [], weeks),
    days,
    courses,
    boardProgress: BOARD_BUCKETS.map((label, i) => ({ label, boards: boards.get(i) ?? 0 })),
    reviewWaiting: WAIT_BUCKETS.map((label, i) => ({ label, cards: Number(w[`b${i}` as 'b0']) })),
  };
}
