import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
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

/** How far outside the viewport a chart starts drawing (px), so it is there when scrolled to. */
const NEAR_MARGIN = '300px 0px';

/**
 * Draws a chart only once it is in or near the viewport (docs/areas/insights.md#measured-in-chromium):
 * `near` turns true when the drawing area comes within NEAR_MARGIN of the viewport, before printing,
 * when `force` is set (its table opened), and at once where there is no IntersectionObserver (jsdom).
 * `width` is the area's width in px, read once when drawn and again only when it changes (one
 * ResizeObserver; a rounded width that did not change sets nothing, so no re-measure loop).
 */
function useDrawingArea(force: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [width, setWidth] = useState(0);
  const drawn = near || force;

  useEffect(() => {
    if (drawn) return;
    const node = ref.current;
    const show = () => flushSync(() => setNear(true));
    // Printing draws every chart, before the page is laid out for paper.
    window.addEventListener('beforeprint', show);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    if (node) observer.observe(node);
    return () => {
      window.removeEventListener('beforeprint', show);
      observer.disconnect();
    };
  }, [drawn]);

  useLayoutEffect(() => {
    const node = ref.current;
    if (!drawn || !node) return;
    const measure = () => {
      const next = Math.floor(node.clientWidth);
      setWidth((w) => (w === next ? w : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [drawn]);

  return { ref, drawn, width };
}

/**
 * A chart with its text alternative: the drawing is one image named by its title (screen readers
 * skip its shapes), and "Show the numbers" opens the same data as a table, for everyone. The
 * drawing is `children(width, height)`, called once the area is near the viewport and measured;
 * until then the area is an empty box of the same height (nothing moves when it draws).
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
  /** Draws the chart at the given size in px (no ResponsiveContainer: the figure measures). */
  children: (width: number, height: number) => ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  const area = useDrawingArea(opened);
  return (
    <Card className="min-w-0">
      <CardHeader title={title} description={description} />
      <div className="px-3 pt-4 pb-2 sm:px-5">
        <div
          ref={area.ref}
          role="img"
          aria-label={`${title}: chart. The numbers are in the table below.`}
          data-chart={area.drawn && area.width > 0 ? 'drawn' : 'waiting'}
          className="w-full"
          style={{ height }}
        >
          {area.drawn && area.width > 0 && children(area.width, height)}
        </div>
        {legend && legend.length > 1 && <ChartLegend items={legend} title={title} />}
        <details className="mt-3 text-sm" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
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
