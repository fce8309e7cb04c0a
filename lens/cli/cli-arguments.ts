import { parseArgs } from 'node:util';
import * as v from 'valibot';
import {
  DEFAULT_EXPORT_CHOICES,
  EXPORT_CHOICE_SCHEMAS,
  type ExportChoices,
} from '@/lens/export/export-options';
import { EXPORT_FORMAT_IDS, type ExportFormat } from '@/lens/export/formats';
import { fieldList, templateProblem } from '@/lib/export/export-fields';
import { dayProblem, hasFilter, type SelectionFilter } from '@/lib/export/selection-filter';
import {
  BRANCH_DETAILS,
  REASONING_DETAILS,
  TIMESTAMP_DETAILS,
  TOOL_CALL_DETAILS,
} from '@/lib/export/transcript-options';
import { frontMatterTemplateProblem } from '@/lib/export/yaml-front-matter';
import {
  isTableFormat,
  TABLE_FORMAT_IDS,
  type TableFormat,
  tableFormatInfo,
} from '@/lib/library/table-formats';
import type { ExportWriteChoices } from './output-writer';
import { partSize } from './part-size';

/**
 * Every format `inspect` writes: the export formats of one conversation each (lens/export/formats.ts), then
 * the library's tables (lib/library/table-formats.ts), which are rows across conversations in three files.
 */
type CliFormat = ExportFormat | TableFormat;

const TEXT_FORMAT_IDS = EXPORT_FORMAT_IDS.filter((id) => id !== 'zip');
const FORMAT_IDS: readonly CliFormat[] = [...EXPORT_FORMAT_IDS, ...TABLE_FORMAT_IDS];

export const USAGE = `Usage: npm run inspect -- <file> [--format ${FORMAT_IDS.join('|')}]
                            [--citations inline|footnotes] [--include-hidden]
                            [--reasoning ${REASONING_DETAILS.join('|')}] [--tool-calls ${TOOL_CALL_DETAILS.join('|')}]
                            [--timestamps ${TIMESTAMP_DETAILS.join('|')}] [--branches ${BRANCH_DETAILS.join('|')}]
                            [--front-matter <template>] [--out <path> | --out-dir <folder> | --zip <path>]
                            [--file-name <template>] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--search <word>]
                            [--zip-part-size <size>] [--brands <brands.json>]
       npm run inspect -- --check-dataset <folder>

<file> is a messages-format or tree-format response saved from chatgpt.com, a data export (the ZIP
file ChatGPT sends, the folder it unpacks to, or its conversations.json), or a HAR file recorded on
chatgpt.com. Without --format a short summary is printed.
csv is the search queries, sources-csv the pages searches returned and answers cited, html the Markdown
as one page to read or print. --citations says how the Markdown and the HTML show a cited marker: as
inline links (the default) or as footnotes. --include-hidden writes hidden messages and tools' whole
output into the Markdown and the HTML too. --reasoning writes the model's reasoning whole (the default),
only its preambles and "Thought for" lines (summary), or none; --tool-calls none leaves the tools' calls
and outputs out (canvases, images and files stay); --timestamps on writes each prompt's time, in UTC,
under its heading; --branches all writes every version of an edited prompt or a regenerated answer, each
marked, where the file holds the tree format (all four in the Markdown and the HTML). --front-matter sets
the Markdown's front matter (the HTML's header), one "key: value" a line, values with fields such as
{title} or {created}; "" writes none.
--zip writes every conversation into one ZIP, each its own file in the --format (md unless given) under
a YYYY/MM folder of the month it started (undated/ when unknown), named by --file-name, "{date} {title}"
unless given, with an index, the library's tables as CSV and report.json (what was asked, written and what
failed). --out-dir writes the same into a folder (made when missing), Markdown unless --format says. --since and --until keep the
conversations started on those days or between (UTC), --search those whose title or text holds the word.
--zip-part-size 500M writes the ZIP in parts of about that size (<name>.part1.zip, …), each a whole
archive, a conversation never split; unzipped into one folder they make one tree.
Fields: ${fieldList()}.
library-csv, library-jsonl and parquet write the library's tables of every conversation: the joined
table (conversation, turn, query, page) to --out, its ads and offers beside it (<name>.ads.<ext>,
<name>.offers.<ext>); without --out the joined table is printed, and parquet needs --out. A data export
of any size is read as a stream, one conversation at a time; progress goes to stderr on long runs.
--brands brands.json takes the brands of the library page's "Export brands" (or of a library file): the
brands table (<name>.brands.<ext>) sums up what the answers cite and say of each, and the prompts
table's brand_overlap is filled; without it the brands table has no rows.
--format parquet --out-dir <folder> writes every table as a team dataset, <table>/month=YYYY-MM/ files
that replace the previous run's. --check-dataset lists what a dataset's folder (a member's or a team's)
holds per table, names each file that does not read, and prints the DuckDB query of those that do.`;

export interface CliArguments {
  file: string;
  format: CliFormat | null;
  out: string | null;
  outDir: string | null;
  zip: string | null;
  /** Bytes a part of the ZIP reaches before the next begins; null: one archive. */
  zipPartSize: number | null;
  filter: SelectionFilter;
  /** What the export writers are told beyond the time (the extension's export settings). */
  write: ExportWriteChoices;
  fileNameTemplate: string;
  /** The brands file of `--brands`; null: no brand is set. */
  brands: string | null;
}

/** `inspect --check-dataset <folder>`: a team dataset's folder read, nothing written. */
export interface DatasetCheckArguments {
  checkDataset: string;
}

/** The flags `inspect` takes, as node:util's parseArgs reads them. */
const FLAGS = {
  format: { type: 'string' },
  out: { type: 'string' },
  'out-dir': { type: 'string' },
  zip: { type: 'string' },
  'zip-part-size': { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  search: { type: 'string' },
  citations: { type: 'string' },
  'include-hidden': { type: 'boolean' },
  reasoning: { type: 'string' },
  'tool-calls': { type: 'string' },
  timestamps: { type: 'string' },
  branches: { type: 'string' },
  'front-matter': { type: 'string' },
  'file-name': { type: 'string' },
  'check-dataset': { type: 'string' },
  brands: { type: 'string' },
} as const;

type Flag = keyof typeof FLAGS;

/**
 * The flags that name one of an export choice's few values (lens/export/export-options.ts holds the choices
 * and their values), and what a refusal calls them.
 */
const PICK_FLAGS = {
  citations: { choice: 'citations', called: 'citation style' },
  reasoning: { choice: 'reasoning', called: 'reasoning' },
  'tool-calls': { choice: 'toolCalls', called: 'tool calls' },
  timestamps: { choice: 'timestamps', called: 'timestamps' },
  branches: { choice: 'branches', called: 'branches' },
} as const satisfies Partial<Record<Flag, { choice: keyof ExportChoices; called: string }>>;

/** The flags as given, or the line that says what is wrong with them. */
function readFlags(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const flag = /'(-[^' ]*)/.exec(message)?.[1] ?? 'an option';
    if ((error as { code?: string }).code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE')
      return `Unknown option ${flag}.`;
    if (message.includes('does not take an argument')) return `${flag} takes no value.`;
    if (message.includes('ambiguous'))
      return `${flag} needs a value: for one that starts with "-", write ${flag}=<value>.`;
    return `${flag} needs a value.`;
  }
}

/** Why a flag that picks one of a choice's values refuses `value`, or null when it is one of them. */
function pickProblem(flag: keyof typeof PICK_FLAGS, value: string): string | null {
  const { choice, called } = PICK_FLAGS[flag];
  const schema = EXPORT_CHOICE_SCHEMAS[choice];
  return v.is(schema, value) ? null : `Unknown ${called} "${value}": use ${schema.options.join(', ')}.`;
}

/** The arguments of `inspect`, or the line that says what is wrong with them. */
export function parseArguments(argv: readonly string[]): CliArguments | DatasetCheckArguments | string {
  const flags = readFlags(argv);
  if (typeof flags === 'string') return flags;
  const { values, positionals } = flags;
  const checkDataset = values['check-dataset'];
  if (checkDataset !== undefined)
    return positionals.length > 0 || Object.keys(values).length > 1
      ? '--check-dataset reads a folder and writes nothing: give it alone.'
      : { checkDataset };
  if (positionals.length > 1) return 'Give one file.';
  const [file] = positionals;
  if (file === undefined) return 'Give the file to inspect.';

  // A ZIP or a folder of many conversations holds Markdown unless told otherwise.
  const format = values.format ?? (values.zip === undefined && values['out-dir'] === undefined ? null : 'md');
  if (format !== null && !(FORMAT_IDS as readonly string[]).includes(format))
    return `Unknown format "${format}": use ${FORMAT_IDS.join(', ')}.`;
  const write: ExportWriteChoices = {
    citations: DEFAULT_EXPORT_CHOICES.citations,
    includeHiddenAndTools: values['include-hidden'] ?? false,
  };
  for (const flag of Object.keys(PICK_FLAGS) as (keyof typeof PICK_FLAGS)[]) {
    const given = values[flag];
    if (given === undefined) continue;
    const problem = pickProblem(flag, given);
    if (problem !== null) return problem;
    Object.assign(write, { [PICK_FLAGS[flag].choice]: given });
  }
  const frontMatter = values['front-matter'];
  if (frontMatter !== undefined) {
    const problem = frontMatterTemplateProblem(frontMatter);
    if (problem !== null) return `--front-matter: ${problem}`;
    write.frontMatterTemplate = frontMatter;
  }
  const fileNameTemplate = values['file-name'] ?? DEFAULT_EXPORT_CHOICES.fileNameTemplate;
  const fileNameProblem = fileNameTemplate.trim() === '' ? 'it is empty.' : templateProblem(fileNameTemplate);
  if (fileNameProblem !== null) return `--file-name: ${fileNameProblem}`;

  let zipPartSize: number | null = null;
  if (values['zip-part-size'] !== undefined) {
    const size = partSize(values['zip-part-size']);
    if (typeof size === 'string') return size;
    zipPartSize = size;
  }
  const filter: SelectionFilter = {};
  for (const edge of ['since', 'until'] as const) {
    const day = values[edge];
    if (day === undefined) continue;
    const problem = dayProblem(day);
    if (problem !== null) return `--${edge}: ${problem}`;
    filter[edge] = day;
  }
  if (values.search !== undefined) {
    if (values.search.trim() === '') return '--search: it is empty.';
    filter.search = values.search.trim();
  }
  const args: CliArguments = {
    file,
    format: format as CliFormat | null,
    out: values.out ?? null,
    outDir: values['out-dir'] ?? null,
    zip: values.zip ?? null,
    zipPartSize,
    filter,
    write,
    fileNameTemplate,
    brands: values.brands ?? null,
  };
  return problemOf(args) ?? args;
}

/** What is wrong with arguments each right on its own, together: places, formats and filters that do not go. */
function problemOf(args: CliArguments): string | null {
  const { format, out, outDir, zip, filter } = args;
  const table = format !== null && isTableFormat(format) ? tableFormatInfo(format) : null;
  if ([out, outDir, zip].filter((place) => place !== null).length > 1)
    return 'Give one of --out, --out-dir and --zip.';
  if (zip !== null && (format === 'zip' || table !== null))
    return `--zip holds one file per conversation in a text export format: give --format ${TEXT_FORMAT_IDS.join('|')}.`;
  if (table?.binary === true && out === null && outDir === null)
    return `--format ${table.id} writes binary files, which are not printed: give --out <name>.${table.extension} (the ads and offers tables are written beside it).`;
  if (format === 'zip' && out === null)
    return '--format zip writes a binary file, which is not printed: give --out <name>.zip.';
  if (outDir !== null && (format === 'zip' || (table !== null && table.id !== 'parquet')))
    return `--out-dir writes one file per conversation in a text export format (--format ${TEXT_FORMAT_IDS.join('|')}), or the library's tables as a dataset (--format parquet).`;
  if (args.brands !== null && table === null)
    return "--brands sets the brands of the library's tables: give --format library-csv, library-jsonl or parquet.";
  if (args.zipPartSize !== null && zip === null)
    return '--zip-part-size splits the archive of --zip: give --zip.';
  if (hasFilter(filter) && table !== null)
    return "--since, --until and --search choose the conversations of a text export format: the library's tables hold every conversation read.";
  if (hasFilter(filter) && outDir === null && zip === null)
    return '--since, --until and --search choose the conversations of --zip or --out-dir: give one of them.';
  if (filter.since !== undefined && filter.until !== undefined && filter.since > filter.until)
    return `--since ${filter.since} is after --until ${filter.until}: nothing would be written.`;
  return null;
}
