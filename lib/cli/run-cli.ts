import { fieldList, templateProblem } from '@/lib/export/export-fields';
import { DEFAULT_FILE_NAME_TEMPLATE } from '@/lib/export/file-name';
import { CITATION_STYLES, EXPORT_FORMAT_IDS, type ExportFormat } from '@/lib/export/formats';
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
import { plural } from '@/lib/model/plural';
import type { Result } from '@/lib/model/result';
import { archiveOutput } from './archive-output';
import type { CliIo } from './cli-io';
import { type DataExportFiles, dataExportFiles, readDataExportFiles } from './data-export-assets';
import { exportOutput } from './export-output';
import { type PeekedChunks, peekFirstByte } from './first-byte';
import { inspectExportStream } from './inspect-export-stream';
import { inspectFileText } from './inspect-file';
import { type OpenedExport, openFolderExport, openZipExport } from './open-data-export';
import { OutputWriteError } from './output-target';
import type { ExportWriteChoices } from './output-writer';
import { partSize } from './part-size';
import { progressReporter } from './progress';
import type { RunOutput } from './run-output';
import { tableOutput } from './table-output';
import { textOf } from './text-of';

export type { CliIo } from './cli-io';

/** `[`: a data export's list, read as a stream; every other kind of file is small and read whole. */
const LIST_START = 0x5b;
/** `P`, of the `PK` every ZIP archive starts with: no JSON text starts so. */
const ZIP_START = 0x50;
const isZipName = (file: string): boolean => /\.zip$/i.test(file);

/**
 * The largest file read whole (a HAR, one conversation). Parsed, a JSON text takes several times its
 * size in memory; past this a file that is not a data export gets a clear error instead of a crash.
 */
export const WHOLE_FILE_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * Every format `inspect` writes: the export formats of one conversation each (lib/export/formats.ts), then
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
                            [--zip-part-size <size>]

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
failed). --out-dir writes the same into a folder (made when missing). --since and --until keep the
conversations started on those days or between (UTC), --search those whose title or text holds the word.
--zip-part-size 500M writes the ZIP in parts of about that size (<name>.part1.zip, …), each a whole
archive, a conversation never split; unzipped into one folder they make one tree.
Fields: ${fieldList()}.
library-csv, library-jsonl and parquet write the library's tables of every conversation: the joined
table (conversation, turn, query, page) to --out, its ads and offers beside it (<name>.ads.<ext>,
<name>.offers.<ext>); without --out the joined table is printed, and parquet needs --out. A data export
of any size is read as a stream, one conversation at a time; progress goes to stderr on long runs.`;

interface CliArguments {
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
}

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/** An option naming one of a few choices: read into the arguments, or refused naming the choices. */
const choice =
  <T extends string>(what: string, values: readonly T[], set: (args: Draft, value: T) => void) =>
  (value: string, args: Draft): string | null => {
    if (!isOneOf(values, value)) return `Unknown ${what} "${value}": use ${values.join(', ')}.`;
    set(args, value);
    return null;
  };

/** The options that take a value, each read into the arguments or refused with why. */
const VALUE_OPTIONS: Readonly<Record<string, (value: string, args: Draft) => string | null>> = {
  '--format': (value, args) => {
    if (!isOneOf(FORMAT_IDS, value)) return `Unknown format "${value}": use ${FORMAT_IDS.join(', ')}.`;
    args.format = value;
    return null;
  },
  '--out': (value, args) => {
    args.out = value;
    return null;
  },
  '--out-dir': (value, args) => {
    args.outDir = value;
    return null;
  },
  '--zip': (value, args) => {
    args.zip = value;
    return null;
  },
  '--zip-part-size': (value, args) => {
    const size = partSize(value);
    if (typeof size === 'string') return size;
    args.zipPartSize = size;
    return null;
  },
  '--since': (value, args) => {
    const problem = dayProblem(value);
    if (problem !== null) return `--since: ${problem}`;
    args.filter.since = value;
    return null;
  },
  '--until': (value, args) => {
    const problem = dayProblem(value);
    if (problem !== null) return `--until: ${problem}`;
    args.filter.until = value;
    return null;
  },
  '--search': (value, args) => {
    if (value.trim() === '') return '--search: it is empty.';
    args.filter.search = value.trim();
    return null;
  },
  '--citations': (value, args) => {
    if (!isOneOf(CITATION_STYLES, value))
      return `Unknown citation style "${value}": use inline or footnotes.`;
    args.write.citations = value;
    return null;
  },
  '--reasoning': choice('reasoning', REASONING_DETAILS, (args, value) => {
    args.write.reasoning = value;
  }),
  '--tool-calls': choice('tool calls', TOOL_CALL_DETAILS, (args, value) => {
    args.write.toolCalls = value;
  }),
  '--timestamps': choice('timestamps', TIMESTAMP_DETAILS, (args, value) => {
    args.write.timestamps = value;
  }),
  '--branches': choice('branches', BRANCH_DETAILS, (args, value) => {
    args.write.branches = value;
  }),
  '--front-matter': (value, args) => {
    const problem = frontMatterTemplateProblem(value);
    if (problem !== null) return `--front-matter: ${problem}`;
    args.write.frontMatterTemplate = value;
    return null;
  },
  '--file-name': (value, args) => {
    const problem = value.trim() === '' ? 'it is empty.' : templateProblem(value);
    if (problem !== null) return `--file-name: ${problem}`;
    args.fileNameTemplate = value;
    return null;
  },
};

type Draft = Omit<CliArguments, 'file'> & { file: string | null };

function parseArguments(argv: readonly string[]): CliArguments | string {
  const args: Draft = {
    file: null,
    format: null,
    out: null,
    outDir: null,
    zip: null,
    zipPartSize: null,
    filter: {},
    write: { citations: 'inline', includeHiddenAndTools: false },
    fileNameTemplate: DEFAULT_FILE_NAME_TEMPLATE,
  };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    const readValue = VALUE_OPTIONS[argument];
    if (readValue !== undefined) {
      const value = argv[index + 1];
      if (value === undefined) return `${argument} needs a value.`;
      index += 1;
      const problem = readValue(value, args);
      if (problem !== null) return problem;
    } else if (argument === '--include-hidden') {
      args.write.includeHiddenAndTools = true;
    } else if (argument.startsWith('--')) {
      return `Unknown option ${argument}.`;
    } else if (args.file === null) {
      args.file = argument;
    } else {
      return 'Give one file.';
    }
  }
  const { file, format, out, outDir, zip, filter } = args;
  if (file === null) return 'Give the file to inspect.';
  const table = format !== null && isTableFormat(format) ? tableFormatInfo(format) : null;
  if ([out, outDir, zip].filter((place) => place !== null).length > 1)
    return 'Give one of --out, --out-dir and --zip.';
  if (zip !== null && (format === 'zip' || table !== null))
    return `--zip holds one file per conversation in a text export format: give --format ${TEXT_FORMAT_IDS.join('|')}.`;
  if (table?.binary === true && out === null)
    return `--format ${table.id} writes binary files, which are not printed: give --out <name>.${table.extension} (the ads and offers tables are written beside it).`;
  if (format === 'zip' && out === null)
    return '--format zip writes a binary file, which is not printed: give --out <name>.zip.';
  if (outDir !== null && (format === null || format === 'zip' || table !== null))
    return `--out-dir writes one file per conversation in a text export format: give --format ${TEXT_FORMAT_IDS.join('|')}.`;
  if (args.zipPartSize !== null && zip === null)
    return '--zip-part-size splits the archive of --zip: give --zip.';
  if (hasFilter(filter) && outDir === null && zip === null)
    return '--since, --until and --search choose the conversations of --zip or --out-dir: give one of them.';
  if (filter.since !== undefined && filter.until !== undefined && filter.since > filter.until)
    return `--since ${filter.since} is after --until ${filter.until}: nothing would be written.`;
  return { ...args, file };
}

/** The output of a run: the library's tables, or an export format or the summary. */
function runOutput(
  args: CliArguments,
  io: CliIo,
  many: boolean,
  warn: (text: string) => void,
  files: DataExportFiles = {},
): RunOutput {
  const { format } = args;
  if (format !== null && isTableFormat(format))
    return tableOutput(io, { format, out: args.out, savedAt: io.now().getTime(), warn });
  const exportedAt = io.now();
  const place =
    args.zip !== null
      ? { zip: args.zip, partSize: args.zipPartSize }
      : args.outDir !== null
        ? { folder: args.outDir }
        : null;
  // Arguments with a ZIP format and a place of many were refused, so this only tells the types.
  if (place !== null && format !== 'zip')
    return archiveOutput(io, place, {
      format: format ?? 'md',
      write: { ...args.write, exportedAt, fileNameTemplate: args.fileNameTemplate },
      filter: args.filter,
      assetFiles: files.assetFiles,
    });
  return exportOutput(io, args.out, {
    format,
    write: args.write,
    exportedAt,
    many,
    assetPath: files.assetPath,
    assetFiles: files.assetFiles,
  });
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A file read whole: a HAR, one messages-format or tree-format response. */
async function inspectWholeFile(
  args: CliArguments,
  chunks: AsyncIterable<Uint8Array>,
  io: CliIo,
): Promise<number> {
  let text: string;
  try {
    text = await textOf(chunks);
  } catch (error) {
    io.stderr(`Cannot read ${args.file}: ${reason(error)}\n`);
    return 1;
  }
  const inspected = inspectFileText(text);
  if (!inspected.ok) {
    io.stderr(`${args.file}: ${inspected.error.message}\n`);
    return 1;
  }
  for (const warning of inspected.warnings) io.stderr(`warning: ${warning}\n`);
  const { inspections } = inspected.value;
  const warn = (text: string): void => io.stderr(`warning: ${text}\n`);
  // A data export never gets here (its list is streamed); a HAR may hold several conversations.
  const output = runOutput(args, io, inspections.length !== 1, warn);
  await output.begin();
  for (const inspection of inspections) await output.conversation(inspection);
  await output.end();
  if (args.out !== null || args.zip !== null || args.outDir !== null) io.stderr(`Wrote ${output.name}\n`);
  return 0;
}

/** The lists a data export's conversations are read from, and what its format takes of its other files. */
interface StreamedInput {
  totalBytes: number;
  /** Each conversations file's chunks, asked for one at a time as the one before is read. */
  parts: (stop: () => boolean) => Iterable<AsyncIterable<Uint8Array>>;
  files: DataExportFiles;
}

/**
 * A data export read as a stream: each conversation is written as soon as it is read, so memory holds one
 * conversation whatever the file's size. A file that stops being JSON, or stops early, still gets its output
 * closed (a JSON array ends, a Parquet file gets its footer) over the conversations read before.
 */
async function inspectStreamedExport(args: CliArguments, input: StreamedInput, io: CliIo): Promise<number> {
  const progress = progressReporter({
    file: args.file,
    totalBytes: input.totalBytes,
    isTerminal: io.stderrIsTerminal,
    write: io.stderr,
    monotonicMs: io.monotonicMs,
  });
  const output = runOutput(args, io, true, (text) => progress.message(`warning: ${text}\n`), input.files);
  let begun = false;
  let written = 0;
  let readError: unknown = null;
  async function* guarded(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    try {
      yield* chunks;
    } catch (error) {
      readError = error;
    }
  }
  const parts = function* (): Generator<AsyncIterable<Uint8Array>> {
    for (const chunks of input.parts(() => readError !== null)) yield guarded(chunks);
  };
  const result = await inspectExportStream(parts(), {
    begin: async () => {
      begun = true;
      await output.begin();
    },
    conversation: async (inspection) => {
      await output.conversation(inspection);
      written += 1;
    },
    warning: (text) => progress.message(`warning: ${text}\n`),
    unreadable: (text) => output.unreadable?.(text),
    progress: (bytesRead, items) => progress.update(bytesRead, items),
  }).finally(progress.finish);
  // A file that stops early leaves an archive partial, and its report says why
  // (export-format "ZIP of many conversations").
  if (readError !== null) output.unreadable?.(`Cannot read the rest of ${args.file}: ${reason(readError)}.`);
  else if (!result.ok) output.unreadable?.(result.error.message);
  if (begun) await output.end();
  const kept = begun
    ? ` The ${plural(written, 'conversation')} read before it ${written === 1 ? 'was' : 'were'} written to ${output.name}.`
    : ' Nothing was written.';
  if (readError !== null) {
    io.stderr(`Cannot read ${args.file}: ${reason(readError).replace(/\.$/, '')}.${kept}\n`);
    return 1;
  }
  if (!result.ok) {
    // A list of something else gets the message a file read whole gets; a damaged export says what was kept.
    const after = result.error.code === 'unexpected-shape' ? '' : kept;
    io.stderr(`${args.file}: ${result.error.message}${after}\n`);
    return 1;
  }
  if (args.out !== null || args.zip !== null || args.outDir !== null) io.stderr(`Wrote ${output.name}\n`);
  return 0;
}

/**
 * A data export as ChatGPT sends it, a ZIP archive, or the folder it unpacks to: its conversations file or
 * parts read in order, its images and attachments read from where they lie.
 * See export-format "Reading the data export".
 */
async function inspectOpenedExport(args: CliArguments, opened: OpenedExport, io: CliIo): Promise<number> {
  const { source, filesFolder } = opened;
  for (const warning of opened.warnings) io.stderr(`warning: ${warning}\n`);
  try {
    const { folder, files, parts } = source.layout;
    const assets = await dataExportFiles(files, (name) => source.read(`${folder}${name}`), filesFolder, args);
    return await inspectStreamedExport(
      args,
      {
        totalBytes: source.partsBytes,
        parts: function* (stop) {
          for (const name of parts) if (!stop()) yield source.read(name);
        },
        files: assets,
      },
      io,
    );
  } finally {
    await opened.close();
  }
}

/** The input, read far enough to know what it is: a data export's ZIP archive or folder, or a file. */
type OpenedInput =
  | { kind: 'export'; opened: Result<OpenedExport> }
  | { kind: 'file'; size: number; start: PeekedChunks };

async function openInput(file: string, io: CliIo): Promise<OpenedInput> {
  if (await io.isFolder(file)) return { kind: 'export', opened: await openFolderExport(io, file) };
  const size = await io.fileSize(file);
  const start = await peekFirstByte(io.readChunks(file));
  if (start.firstByte !== ZIP_START && !isZipName(file)) return { kind: 'file', size, start };
  await start.release();
  return { kind: 'export', opened: await openZipExport(io, file) };
}

/**
 * `inspect` over a saved file. Returns the exit code: 0 done, 1 unreadable input or output, 2 usage. Never
 * throws: every failure is one line on stderr, never a stack trace.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    await io.stdout(`${USAGE}\n`);
    return 0;
  }
  const args = parseArguments(argv);
  if (typeof args === 'string') {
    io.stderr(`${args}\n\n${USAGE}\n`);
    return 2;
  }
  try {
    let input: OpenedInput;
    try {
      input = await openInput(args.file, io);
    } catch (error) {
      io.stderr(`Cannot read ${args.file}: ${reason(error)}\n`);
      return 1;
    }
    if (input.kind === 'export') {
      if (input.opened.ok) return await inspectOpenedExport(args, input.opened.value, io);
      io.stderr(`${args.file}: ${input.opened.error.message}\n`);
      return 1;
    }
    const { size, start } = input;
    if (start.firstByte === LIST_START) {
      // A data export's images and attachments lie beside it (site-interface 10.8): the Markdown shows them,
      // and a ZIP holds them.
      const files = await readDataExportFiles(io, args.file, args);
      return await inspectStreamedExport(args, { totalBytes: size, parts: () => [start.chunks], files }, io);
    }
    if (size > WHOLE_FILE_LIMIT_BYTES) {
      await start.release();
      io.stderr(
        `${args.file}: ${size} bytes is too big to read whole. Only a data export (a JSON list of conversations) is read as a stream; a HAR file or one conversation response of this size is not read.\n`,
      );
      return 1;
    }
    return await inspectWholeFile(args, start.chunks, io);
  } catch (error) {
    io.stderr(error instanceof OutputWriteError ? `${error.message}\n` : `${args.file}: ${reason(error)}\n`);
    return 1;
  }
}
