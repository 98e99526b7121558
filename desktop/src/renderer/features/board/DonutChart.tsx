import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts';
import { DONUT_STATUSES, type DonutStatus } from '@shared/calc/board';
import { STATUS_COLORS } from './config';

/** The recharts donut of the Move the Needle card (loaded only with the dashboard card). */
export function DonutChart({ counts, completed }: { counts: Record<DonutStatus, number>; completed: number }) {
  const total = DONUT_STATUSES.reduce((n, s) => n + counts[s], 0);
  const data =
    total > 0 ? DONUT_STATUSES.map((s) => ({ name: s, value: counts[s] })) : [{ name: 'No cards', value: 1 }];
  return (
    <div className="relative size-28 shrink-0" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={data}
            dataKey="value"
            innerRadius="68%"
            outerRadius="100%"
            startAngle={90}
            endAngle={-270}
            isAnimationActive={false}
            rootTabIndex={-1}
            stroke="none"
          >
            {data.map((d) => (
              <Cell key={d.name} fill={total > 0 ? STATUS_COLORS[d.name as DonutStatus] : '#e5e7eb'} />
            ))}
          </Pie>
        </PieChart>
      </ResponsiveContainer>
      <span className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-xl font-semibold tabular-nums text-gray-900">{completed}%</span>
        <span className="text-xs text-gray-600">completed</span>
      </span>
    </div>
  );
}
