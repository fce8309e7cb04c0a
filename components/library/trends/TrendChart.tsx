import { type JSX, type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { countText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import { weekRows } from '@/components/library/shared/week-rows';
import { type MoveCursor, type PlotLine, TrendPlot } from './TrendPlot';
import { type ChartLine, type TrendFigure, valueText, weekAfterKey, weekReadout } from './trend-cursor';
import './trend-chart.css';

/** Seven colours of trend-chart.css and four dashes: 28 lines told apart, by colour and by dash. */
const COLOURS = 7;
const DASHES = [[], [8, 4], [2, 3], [10, 3, 2, 3]];

/** How a line is drawn: the user's brand widest, the rest muted; never by colour alone. */
const plotLine = (line: ChartLine, place: number): PlotLine => ({
  values: line.values,
  colour: line.muted ? '--trend-line-muted' : `--trend-line-${(place % COLOURS) + 1}`,
  dash: DASHES[place % DASHES.length] ?? [],
  width: line.own ? 3 : 2,
});

/** The lines' key: each name beside a sample of its line. */
function Legend({ lines, drawn }: { lines: readonly ChartLine[]; drawn: readonly PlotLine[] }): JSX.Element {
  return (
    <ul className="trend-chart__legend">
      {lines.map((line, place) => {
        const { colour, dash, width } = drawn[place] ?? plotLine(line, place);
        return (
          <li key={line.key} className={line.own ? 'trend-chart__own' : undefined}>
            <svg width="28" height="10" aria-hidden="true" style={{ color: `var(${colour})` }}>
              <line
                x1="0"
                y1="5"
                x2="28"
                y2="5"
                stroke="currentColor"
                strokeWidth={width}
                strokeDasharray={dash.join(' ')}
              />
            </svg>
            {line.label}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A trend as a line chart beside the table of its numbers (the table is what a screen reader reads whole).
 * The chart takes focus: Left and Right move its cursor week by week, Home and End to the first and last
 * week, and the week's values are said in a polite live region, as they show under it.
 */
export function TrendChart({ figure }: { figure: TrendFigure }): JSX.Element {
  const [week, setWeek] = useState<number | null>(null);
  const move = useRef<MoveCursor | null>(null);
  const hintId = useId();
  const drawn = useMemo(() => figure.lines.map(plotLine), [figure.lines]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const next = weekAfterKey(event.key, week, figure.weeks.length);
    if (next === null) return;
    event.preventDefault();
    setWeek(next);
    move.current?.(next);
  };
  const weeks = figure.weeks.map((name, at) => ({ week: name, at })).toReversed();
  return (
    <div className="chart-and-table">
      {/* biome-ignore lint/a11y/useSemanticElements: a chart is no form, which a fieldset would say it is. */}
      <div
        className="trend-chart"
        role="group"
        aria-label={`${figure.name}, line chart`}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the chart's cursor moves by the keyboard.
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <TrendPlot weeks={figure.weeks} kind={figure.kind} lines={drawn} onHover={setWeek} move={move} />
        <Legend lines={figure.lines} drawn={drawn} />
        <p id={hintId} className="trend-chart__hint">
          Left and Right arrows move week by week; Home and End go to the first and the last week.
        </p>
        <p className="trend-chart__readout" aria-live="polite">
          {week === null ? '' : weekReadout(figure, week)}
        </p>
      </div>
      <SmallTable
        caption={`${figure.name}, table`}
        columns={['Week of', ...figure.lines.map((line) => line.label), figure.total.column]}
        rows={weekRows(
          weeks,
          ({ at }) => (figure.totals[at] ?? 0) === 0,
          ({ at }) => [
            ...figure.lines.map((line) => valueText(figure.kind, line.values[at] ?? null)),
            countText(figure.totals[at] ?? 0),
          ],
          figure.nothing,
        )}
      />
    </div>
  );
}
