import { isRecord } from '@/lib/model/json-read';
import { FIGURE_TARGETS, type FigureTarget, meetsTarget } from './figure-targets';

/**
 * The figures table of docs/benchmarks.md from the JSON of `npm run bench -- --json`: every figure
 * with a target (figure-targets.ts) in its order, then any figure the bench printed that has none listed.
 * A figure the JSON lacks is "not measured": its benchmark failed or was not part of the run. Above the
 * table, which run it is (when, at which commit); below it, what failed.
 */

/** Whether a value read from the bench's JSON is a figure: a number, and finite. */
export const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A figure as the tables print it: at most four decimals. */
export const figureNumber = (value: number): string =>
  value.toLocaleString('en-US', { maximumFractionDigits: 4 });

function targetText(target: FigureTarget): string {
  if (target === null) return '–';
  if ('atMost' in target) return `≤ ${figureNumber(target.atMost)}`;
  if ('atLeast' in target) return `≥ ${figureNumber(target.atLeast)}`;
  return `= ${figureNumber(target.exactly)}`;
}

/** The figure's target as the tables print it (figure-targets.ts), "–" when it has none. */
export const targetTextOf = (figure: string): string => targetText(FIGURE_TARGETS[figure] ?? null);

/** Whether `value` meets `target`, as the tables print it; "not measured" without a value. */
export function metText(value: number | undefined, target: FigureTarget): string {
  if (value === undefined) return 'not measured';
  const met = meetsTarget(value, target);
  if (met === null) return '–';
  return met ? 'yes' : '**no**';
}

/** The tables' rows in order: every figure with a target in its order, then those the run printed beside. */
export function figureOrder(figures: Readonly<Record<string, unknown>>): string[] {
  const unlisted = Object.keys(figures).filter((figure) => !(figure in FIGURE_TARGETS));
  return [...Object.keys(FIGURE_TARGETS), ...unlisted];
}

export function figuresMarkdown(figures: Readonly<Record<string, number>>): string {
  const rows = figureOrder(figures).map((figure) => {
    const value = figures[figure];
    const target = FIGURE_TARGETS[figure] ?? null;
    const shown = value === undefined ? 'not measured' : figureNumber(value);
    return `| \`${figure}\` | ${shown} | ${targetText(target)} | ${metText(value, target)} |`;
  });
  return ['| figure | value | target | met |', '| --- | ---: | --- | --- |', ...rows].join('\n');
}

/** The bench's JSON read tolerantly: members that are no finite number are left out (then not measured). */
export function readBenchFigures(json: unknown): Record<string, number> {
  if (!isRecord(json)) return {};
  return Object.fromEntries(
    Object.entries(json).filter((entry): entry is [string, number] => isFiniteNumber(entry[1])),
  );
}

/** Which run the bench's JSON is (its `run` member) and what failed in it (`errors`), read tolerantly. */
export interface BenchRun {
  scale: string | null;
  startedAt: string | null;
  commit: string | null;
  uncommittedChanges: boolean;
  /** What the machine charged for the first touch of a fresh page, in µs (tests/bench/machine-costs.ts). */
  freshPageUs: { atStart: number | null; atEnd: number | null };
  errors: { benchmark: string; error: string }[];
}

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const numberOf = (value: unknown): number | null => (isFiniteNumber(value) ? value : null);

export function readBenchRun(json: unknown): BenchRun {
  const run = isRecord(json) && isRecord(json.run) ? json.run : {};
  const errors = isRecord(json) && Array.isArray(json.errors) ? json.errors : [];
  const freshPage = isRecord(run.freshPageUs) ? run.freshPageUs : {};
  return {
    scale: textOf(run.scale),
    startedAt: textOf(run.startedAt),
    commit: textOf(run.commit),
    uncommittedChanges: run.uncommittedChanges === true,
    freshPageUs: {
      atStart: numberOf(freshPage.atStart),
      atEnd: numberOf(freshPage.atEnd),
    },
    errors: errors.filter(isRecord).map((each) => ({
      benchmark: textOf(each.benchmark) ?? 'a benchmark',
      error: textOf(each.error) ?? 'no message',
    })),
  };
}

/** The sentence above the table: which run it is, and what makes its figures not the repository's own. */
export function benchRunMarkdown(run: BenchRun): string {
  const commit = run.commit === null ? 'an unknown commit' : `commit \`${run.commit.slice(0, 12)}\``;
  const started =
    run.startedAt === null
      ? 'at an unknown time'
      : `started ${run.startedAt.replace('T', ' ').slice(0, 16)} UTC`;
  const { atStart, atEnd } = run.freshPageUs;
  const caveats = [
    run.scale === 'smoke' ? ' A smoke run (`--smoke`): its figures measure nothing.' : '',
    run.uncommittedChanges ? ' The work tree had changes the commit does not hold.' : '',
    atStart === null || atEnd === null
      ? ''
      : ` The first touch of a fresh page of memory cost ${atStart} µs at its start and ${atEnd} µs at its end.`,
  ].join('');
  return `One run of \`npm run bench -- --json\`, ${started}, at ${commit}.${caveats}`;
}

/** The benchmarks that failed in the run (`which`, as the line above them names it), a line each, or nothing. */
export function benchErrorsMarkdown(run: BenchRun, which = 'this run'): string {
  if (run.errors.length === 0) return '';
  const firstLine = (text: string) => text.split('\n')[0] ?? '';
  return [
    `Failed in ${which}:`,
    '',
    ...run.errors.map((each) => `- ${each.benchmark}: ${firstLine(each.error)}`),
  ].join('\n');
}
