import { isRecord } from '@/lib/model/json-read';
import { FIGURE_TARGETS, type FigureTarget, meetsTarget } from './figure-targets';

/**
 * The README's figures table from the JSON of `npm run bench -- --json`: every figure
 * with a target (figure-targets.ts) in its order, then any figure the bench printed that has none listed.
 * A figure the JSON lacks is "pending": its benchmark was not part of the run.
 */
const number = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 4 });

function targetText(target: FigureTarget): string {
  if (target === null) return '–';
  if ('atMost' in target) return `≤ ${number(target.atMost)}`;
  if ('atLeast' in target) return `≥ ${number(target.atLeast)}`;
  return `= ${number(target.exactly)}`;
}

/** The figure's target as the tables print it (figure-targets.ts), "–" when it has none. */
export const targetTextOf = (figure: string): string => targetText(FIGURE_TARGETS[figure] ?? null);

function metText(value: number | undefined, target: FigureTarget): string {
  if (value === undefined) return 'pending';
  const met = meetsTarget(value, target);
  if (met === null) return '–';
  return met ? 'yes' : '**no**';
}

export function figuresMarkdown(figures: Readonly<Record<string, number>>): string {
  const listed = Object.keys(FIGURE_TARGETS);
  const unlisted = Object.keys(figures).filter((figure) => !(figure in FIGURE_TARGETS));
  const rows = [...listed, ...unlisted].map((figure) => {
    const value = figures[figure];
    const target = FIGURE_TARGETS[figure] ?? null;
    const shown = value === undefined ? 'pending' : number(value);
    return `| \`${figure}\` | ${shown} | ${targetText(target)} | ${metText(value, target)} |`;
  });
  return ['| figure | value | target | met |', '| --- | ---: | --- | --- |', ...rows].join('\n');
}

/** The bench's JSON read tolerantly: members that are no finite number are left out (then pending). */
export function readBenchFigures(json: unknown): Record<string, number> {
  if (!isRecord(json)) return {};
  return Object.fromEntries(
    Object.entries(json).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    ),
  );
}
