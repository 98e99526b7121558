import type { ReactNode } from 'react';
import { Card, CardHeader } from '../../components/Card';

/** One series of a chart: its name and colour, shown as a swatch next to the name. */
export interface LegendItem {
  name: string;
  color: string;
}

/** The chart's legend: a swatch and the series' name in the text colour (never coloured text alone). */
export function ChartLegend({ items, title }: { items: readonly LegendItem[]; title: string }) {
  return (
    <ul aria-label={`${title}: legend`} className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
      {items.map((item) => (
        <li key={item.name} className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            data-testid="legend-swatch"
            className="size-3 shrink-0 rounded-sm"
            style={{ backgroundColor: item.color }}
          />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

export interface DataTable {
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number>>;
}

/**
 * A chart with its text alternative: the drawing is one image named by its title (screen readers
 * skip its shapes), and "Show the numbers" opens the same data as a table, for everyone.
 */
export function ChartFigure({
  title,
  description,
  table,
  height = 240,
  legend,
  children,
}: {
  title: string;
  /** The series, when there are several (a legend under the drawing). */
  legend?: readonly LegendItem[];
  /** The drawing's height in px. */
  height?: number;
  description?: ReactNode;
  table: DataTable;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader title={title} description={description} />
      <div className="px-3 pt-4 pb-2 sm:px-5">
        <div
          role="img"
          aria-label={`${title}: chart. The numbers are in the table below.`}
          className="w-full"
          style={{ height }}
        >
          {children}
        </div>
        {legend && legend.length > 1 && <ChartLegend items={legend} title={title} />}
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer rounded text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
            Show the numbers
          </summary>
          <div className="mt-2 max-h-72 overflow-auto">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c} scope="col" className="px-2 py-1 font-semibold text-gray-700">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, i) => (
                  <tr key={i} className="border-t border-gray-100">
                    {row.map((cell, j) =>
                      j === 0 ? (
                        <th key={j} scope="row" className="px-2 py-1 font-normal text-gray-700">
                          {cell}
                        </th>
                      ) : (
                        <td key={j} className="px-2 py-1 text-gray-900 tabular-nums">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
    </Card>
  );
}
