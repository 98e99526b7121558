import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ROLES, type Role } from '@shared/limits';
import type { InsightsSummary } from '@shared/types';
import { ChartFigure } from './ChartFigure';
import { formatDay, formatDayShort } from '../../lib/dates';

/** One colour per role (contrast checked against white) and per series. */
const ROLE_COLORS: Record<Role, string> = {
  premium: '#4f46e5',
  basic: '#0f766e',
  'course only': '#b45309',
  coach: '#be185d',
  admin: '#475569',
};
/** The roles as the charts name them (sentence case, as everywhere on screen). */
export const ROLE_NAMES: Record<Role, string> = {
  premium: 'Premium',
  basic: 'Basic',
  'course only': 'Course only',
  coach: 'Coach',
  admin: 'Admin',
};
const BLUE = '#2563eb';
const RED = '#dc2626';
const GREEN = '#15803d';

const axis = { fontSize: 12, fill: '#4b5563' };

/** The tooltip's title: the point's day written in full ("Dec 7, 2026"), as in the tables. */
const dayOfPoint = (_label: unknown, payload: ReadonlyArray<{ payload?: { day?: string } }>) =>
  payload[0]?.payload?.day ?? '';

/** Bars of days: thin enough for 90 of them (a gap of 1 px between bars at most). */
const dayBars = { barCategoryGap: '10%' as const, maxBarSize: 28 };

function ActiveChart({
  points,
  title,
  week,
}: {
  points: InsightsSummary['activeDaily'];
  title: string;
  week: boolean;
}) {
  const roles = ROLES.filter((r) => points.some((p) => (p.byRole[r] ?? 0) > 0));
  const data = points.map((p) => ({
    label: formatDayShort(p.date),
    day: (week ? 'Week of ' : '') + formatDay(p.date),
    ...p.byRole,
  }));
  return (
    <ChartFigure
      title={title}
      description={week ? 'By role, weeks starting on Monday' : 'By role on the day they were active'}
      legend={roles.map((r) => ({ name: ROLE_NAMES[r], color: ROLE_COLORS[r] }))}
      table={{
        columns: [week ? 'Week of' : 'Day', 'Total', ...roles.map((r) => ROLE_NAMES[r])],
        rows: points.map((p) => [formatDay(p.date), p.total, ...roles.map((r) => p.byRole[r] ?? 0)]),
      }}
    >
      {(width, height) => (
        <BarChart
          width={width}
          height={height}
          data={data}
          accessibilityLayer={false}
          margin={{ left: -20, right: 8 }}
          {...dayBars}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axis} />
          <Tooltip labelFormatter={dayOfPoint} />
          {roles.map((r) => (
            <Bar
              key={r}
              dataKey={r}
              name={ROLE_NAMES[r]}
              stackId="roles"
              fill={ROLE_COLORS[r]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </ChartFigure>
  );
}

export function ActiveCharts({ summary }: { summary: InsightsSummary }) {
  return (
    <>
      <ActiveChart points={summary.activeDaily} title="Active members per day" week={false} />
      <ActiveChart points={summary.activeWeekly} title="Active members per week" week />
    </>
  );
}

export function MembersChart({ summary }: { summary: InsightsSummary }) {
  const data = summary.days.map((d) => ({ ...d, label: formatDayShort(d.date), day: formatDay(d.date) }));
  return (
    <ChartFigure
      title="Sign-ups and cancellations"
      description="Accounts created; subscriptions into canceled or unpaid"
      legend={[
        { name: 'Sign-ups', color: BLUE },
        { name: 'Cancellations', color: RED },
      ]}
      table={{
        columns: ['Day', 'Sign-ups', 'Cancellations'],
        rows: summary.days.map((d) => [formatDay(d.date), d.signUps, d.cancellations]),
      }}
    >
      {(width, height) => (
        <BarChart
          width={width}
          height={height}
          data={data}
          accessibilityLayer={false}
          margin={{ left: -20, right: 8 }}
          {...dayBars}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axis} />
          <Tooltip labelFormatter={dayOfPoint} />
          <Bar dataKey="signUps" name="Sign-ups" fill={BLUE} isAnimationActive={false} />
          <Bar dataKey="cancellations" name="Cancellations" fill={RED} isAnimationActive={false} />
        </BarChart>
      )}
    </ChartFigure>
  );
}

export function LessonsChart({ summary }: { summary: InsightsSummary }) {
  const data = summary.days.map((d) => ({
    label: formatDayShort(d.date),
    day: formatDay(d.date),
    lessons: d.lessonCompletions,
  }));
  return (
    <ChartFigure
      title="Lesson completions per day"
      table={{
        columns: ['Day', 'Lessons completed'],
        rows: summary.days.map((d) => [formatDay(d.date), d.lessonCompletions]),
      }}
    >
      {(width, height) => (
        <BarChart
          width={width}
          height={height}
          data={data}
          accessibilityLayer={false}
          margin={{ left: -20, right: 8 }}
          {...dayBars}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axis} />
          <Tooltip labelFormatter={dayOfPoint} />
          <Bar dataKey="lessons" name="Lessons completed" fill={GREEN} isAnimationActive={false} />
        </BarChart>
      )}
    </ChartFigure>
  );
}

export function CourseFunnelChart({ summary }: { summary: InsightsSummary }) {
  return (
    <ChartFigure
      title="Courses: started, half done, completed"
      description="Members per course, all time"
      height={Math.max(240, 60 + summary.courses.length * 44)}
      legend={[
        { name: 'Started', color: '#60a5fa' },
        { name: 'Half done', color: BLUE },
        { name: 'Completed', color: '#1e3a8a' },
      ]}
      table={{
        columns: ['Course', 'Lessons', 'Started', 'Half done', 'Completed'],
        rows: summary.courses.map((c) => [c.title, c.lessons, c.started, c.halfDone, c.completed]),
      }}
    >
      {(width, height) => (
        <BarChart
          width={width}
          height={height}
          data={summary.courses}
          layout="vertical"
          accessibilityLayer={false}
          margin={{ right: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={axis} />
          <YAxis type="category" dataKey="title" tick={axis} width={110} />
          <Tooltip />
          <Bar dataKey="started" name="Started" fill="#60a5fa" isAnimationActive={false} />
          <Bar dataKey="halfDone" name="Half done" fill={BLUE} isAnimationActive={false} />
          <Bar dataKey="completed" name="Completed" fill="#1e3a8a" isAnimationActive={false} />
        </BarChart>
      )}
    </ChartFigure>
  );
}

export function BoardCharts({ summary }: { summary: InsightsSummary }) {
  return (
    <>
      <ChartFigure
        title="Move the Needle: board progress"
        description="Members' boards by their share of cards in COMPLETED"
        table={{ columns: ['Cards completed', 'Boards'], rows: summary.boardProgress.map((b) => [b.label, b.boards]) }}
      >
        {(width, height) => (
          <BarChart
            width={width}
            height={height}
            data={summary.boardProgress}
            accessibilityLayer={false}
            margin={{ left: -20, right: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={axis} interval={0} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Bar dataKey="boards" name="Boards" fill={ROLE_COLORS.premium} isAnimationActive={false} />
          </BarChart>
        )}
      </ChartFigure>
      <ChartFigure
        title="Cards waiting in FOR REVIEW"
        description="By how long they have waited"
        table={{ columns: ['Waiting', 'Cards'], rows: summary.reviewWaiting.map((b) => [b.label, b.cards]) }}
      >
        {(width, height) => (
          <BarChart
            width={width}
            height={height}
            data={summary.reviewWaiting}
            accessibilityLayer={false}
            margin={{ left: -20, right: 8 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={axis} interval={0} />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Bar dataKey="cards" name="Cards" fill={ROLE_COLORS['course only']} isAnimationActive={false} />
          </BarChart>
        )}
      </ChartFigure>
    </>
  );
}
