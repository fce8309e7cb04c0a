import type { JSX } from 'react';
import type { ProportionInterval } from '@/lib/library/proportion-interval';
import './bar-chart.css';

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** What the bar's end says: a share, a count. */
  valueText: string;
  /** Drawn in the muted colour: the rest gathered in one row ("other"). */
  muted?: boolean;
  /** Drawn in the accent of the user's own brand. */
  own?: boolean;
  /** A share's 95% interval, drawn as a line across the bar's end; the scale reaches its high end. */
  interval?: ProportionInterval | null;
}

const WIDTH = 520;
const LABEL_WIDTH = 180;
const VALUE_WIDTH = 70;
const ROW = 24;
const BAR = 16;
const LABEL_CHARS = 26;

const shortened = (label: string): string =>
  label.length <= LABEL_CHARS ? label : `${label.slice(0, LABEL_CHARS - 1)}…`;

/**
 * Horizontal bars, longest first as given, scaled to the largest value. A picture only: the table drawn
 * beside it says the same to a screen reader and the keyboard, so the chart is hidden from them. A bar
 * with an interval has it drawn as a line with end marks, so the uncertainty reads without colour.
 */
export function BarChart({ bars }: { bars: readonly Bar[] }): JSX.Element {
  const largest = Math.max(0, ...bars.map((bar) => Math.max(bar.value, bar.interval?.high ?? 0)));
  const room = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const at = (value: number): number => LABEL_WIDTH + (largest === 0 ? 0 : (value / largest) * room);
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${WIDTH} ${bars.length * ROW}`}
      aria-hidden="true"
      focusable="false"
    >
      {bars.map((bar, index) => {
        const length = largest === 0 ? 0 : Math.max(1, (bar.value / largest) * room);
        const y = index * ROW;
        const tone = bar.own ? 'own' : bar.muted ? 'muted' : 'plain';
        return (
          <g key={bar.key} className={`bar-chart__row bar-chart__row--${tone}`}>
            <text x={LABEL_WIDTH - 8} y={y + ROW / 2} className="bar-chart__label" textAnchor="end">
              {shortened(bar.label)}
            </text>
            <rect x={LABEL_WIDTH} y={y + (ROW - BAR) / 2} width={length} height={BAR} rx={2} />
            {bar.interval && (
              <path
                className="bar-chart__interval"
                d={`M${at(bar.interval.low)} ${y + 6}v${ROW - 12}M${at(bar.interval.low)} ${y + ROW / 2}H${at(bar.interval.high)}M${at(bar.interval.high)} ${y + 6}v${ROW - 12}`}
              />
            )}
            <text
              x={Math.max(LABEL_WIDTH + length, bar.interval ? at(bar.interval.high) : 0) + 6}
              y={y + ROW / 2}
              className="bar-chart__value"
            >
              {bar.valueText}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
