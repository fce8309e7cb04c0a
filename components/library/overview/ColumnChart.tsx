import type { JSX } from 'react';
import type { Bar } from '@/components/library/shared/BarChart';
import './column-chart.css';

const WIDTH = 640;
const HEIGHT = 120;
const LABEL_ROOM = 18;
/** The widest a column gets, so a few weeks do not draw as slabs. */
const MAX_COLUMN = 24;
/** Below this span the last week's label would run into the first's. */
const MIN_LABELLED_SPAN = 140;

/**
 * Vertical columns in time order (the weeks), scaled to the largest, the first and last labelled when they fit. A picture
 * only: the table beside it holds every value, so the chart is hidden from screen readers.
 */
export function ColumnChart({ columns }: { columns: readonly Bar[] }): JSX.Element {
  const largest = Math.max(0, ...columns.map((column) => column.value));
  const step = Math.min(MAX_COLUMN / 0.8, WIDTH / Math.max(1, columns.length));
  const width = columns.length * step;
  const first = columns[0];
  const last = columns.at(-1);
  return (
    <svg
      className="column-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT + LABEL_ROOM}`}
      preserveAspectRatio="xMinYMin meet"
      aria-hidden="true"
      focusable="false"
    >
      {columns.map((column, index) => {
        const height = largest === 0 ? 0 : (column.value / largest) * HEIGHT;
        return (
          <rect
            key={column.key}
            x={index * step}
            y={HEIGHT - height}
            width={step * 0.8}
            height={height}
            rx={2}
          >
            <title>{`${column.label}: ${column.valueText}`}</title>
          </rect>
        );
      })}
      {first !== undefined && (
        <text x={0} y={HEIGHT + LABEL_ROOM - 4}>
          {first.label}
        </text>
      )}
      {last !== undefined && last !== first && width >= MIN_LABELLED_SPAN && (
        <text x={width} y={HEIGHT + LABEL_ROOM - 4} textAnchor="end">
          {last.label}
        </text>
      )}
    </svg>
  );
}
