import { type JSX, type RefObject, useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { shareText } from '@/components/library/shared/number-text';
import type { TrendFigure } from './trend-cursor';

/** A line as the canvas draws it: its colour a CSS custom property of trend-chart.css, so it follows the theme. */
export interface PlotLine {
  values: readonly (number | null)[];
  colour: string;
  dash: number[];
  width: number;
}

/** Moves the plot's cursor to a week, as the mouse would. */
export type MoveCursor = (index: number) => void;

const HEIGHT = 260;
/** Week steps between the x axis' labels, the fewest that leave them room. */
const WEEK_STEPS = [1, 2, 4, 8, 13, 26, 52, 104, 208];
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000];

/**
 * CSS colours as the page draws them now: a canvas takes no custom property, and light-dark() resolves only
 * on an element (architecture "The library").
 */
function resolvedColours(host: HTMLElement, properties: readonly string[]): string[] {
  const probe = host.ownerDocument.createElement('span');
  host.append(probe);
  const colours = properties.map((property) => {
    probe.style.color = `var(${property})`;
    return getComputedStyle(probe).color;
  });
  probe.remove();
  return colours;
}

function plotOptions(
  host: HTMLElement,
  figure: Pick<TrendFigure, 'weeks' | 'kind'>,
  lines: readonly PlotLine[],
  onHover: (index: number | null) => void,
): uPlot.Options {
  const [fg, border, ...colours] = resolvedColours(host, [
    '--lens-fg',
    '--lens-border',
    ...lines.map((line) => line.colour),
  ]);
  const axis = { stroke: fg, grid: { stroke: border, width: 1 }, ticks: { stroke: border, width: 1 } };
  const font = `12px ${getComputedStyle(host).fontFamily}`;
  return {
    width: host.clientWidth,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      // The weeks by their place: each is a step, the same in every time zone.
      x: { time: false, range: (_plot, min, max) => [min - 0.25, max + 0.25] },
      y: { range: (_plot, _min, max) => [0, figure.kind === 'share' ? 1 : Math.max(1, max)] },
    },
    axes: [
      {
        ...axis,
        font,
        space: 90,
        incrs: WEEK_STEPS,
        values: (_plot, splits) => splits.map((at) => (Number.isInteger(at) ? (figure.weeks[at] ?? '') : '')),
      },
      {
        ...axis,
        font,
        ...(figure.kind === 'share'
          ? { values: (_plot: uPlot, splits: number[]) => splits.map((at) => shareText(at)) }
          : { incrs: COUNT_STEPS }),
      },
    ],
    series: [
      {},
      ...lines.map((line, place) => ({
        stroke: colours[place],
        width: line.width,
        dash: line.dash,
        spanGaps: false,
        points: { show: true, size: 6, fill: colours[place] },
      })),
    ],
    hooks: { setCursor: [(plot: uPlot) => onHover(plot.cursor.idx ?? null)] },
  };
}

/**
 * The canvas of a trend chart, drawn by uPlot (architecture "The library"): made once mounted, made again
 * when the theme changes, sized with its frame, destroyed when unmounted. It is hidden from screen readers:
 * TrendChart's spoken week and table say the same. `move` is set while it is drawn.
 */
export function TrendPlot({
  weeks,
  kind,
  lines,
  onHover,
  move,
}: {
  weeks: TrendFigure['weeks'];
  kind: TrendFigure['kind'];
  lines: readonly PlotLine[];
  onHover: (index: number | null) => void;
  move: RefObject<MoveCursor | null>;
}): JSX.Element {
  const host = useRef<HTMLDivElement>(null);
  const hover = useRef(onHover);
  hover.current = onHover;
  useEffect(() => {
    const frame = host.current;
    if (frame === null) return;
    let plot: uPlot | null = null;
    const draw = (): void => {
      plot?.destroy();
      const data: uPlot.AlignedData = [
        weeks.map((_, place) => place),
        ...lines.map((line) => [...line.values]),
      ];
      const drawn = new uPlot(
        plotOptions(frame, { weeks, kind }, lines, (index) => hover.current(index)),
        data,
        frame,
      );
      plot = drawn;
      move.current = (index) => {
        const value = lines.map((line) => line.values[index]).find((known) => known != null);
        drawn.setCursor({
          left: drawn.valToPos(index, 'x'),
          top: value == null ? drawn.over.clientHeight / 2 : drawn.valToPos(value, 'y'),
        });
      };
    };
    draw();
    const resized = new ResizeObserver(() => plot?.setSize({ width: frame.clientWidth, height: HEIGHT }));
    resized.observe(frame);
    // The theme follows the system, or the page's setting on <html> (components/use-theme.ts).
    const dark = matchMedia('(prefers-color-scheme: dark)');
    dark.addEventListener('change', draw);
    const themed = new MutationObserver(draw);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resized.disconnect();
      dark.removeEventListener('change', draw);
      themed.disconnect();
      move.current = null;
      plot?.destroy();
    };
  }, [weeks, kind, lines, move]);
  return <div className="trend-chart__plot" ref={host} aria-hidden="true" />;
}
