import { CITATION_STYLES, EXPORT_FORMAT_IDS, type ExportFormat } from '@/lib/export/formats';
import type { CitationStyle } from '@/lib/export/markdown-citations';
import type { CliIo } from './cli-io';
import { peekFirstByte } from './first-byte';
import { inspectExportStream } from './inspect-export-stream';
import { inspectFileText } from './inspect-file';
import { OutputWriteError, outputTarget } from './output-target';
import { outputWriter } from './output-writer';
import { progressReporter } from './progress';
import { plural } from './summary';

export type { CliIo } from './cli-io';

/** `[`: a data export's list, read as a stream; every other kind of file is small and read whole. */
const LIST_START = 0x5b;

/**
 * The largest file read whole (a HAR, one conversation). Parsed, a JSON text takes several times its
 * size in memory; past this a file that is not a data export gets a clear error instead of a crash.
 */
export const WHOLE_FILE_LIMIT_BYTES = 256 * 1024 * 1024;

export const USAGE = `Usage: npm run inspect -- <file> [--format ${EXPORT_FORMAT_IDS.join('|')}]
                            [--citations inline|footnotes] [--out <path>]

<file> is a messages-format or tree-format response saved from chatgpt.com, a data-export
conversations.json, or a HAR file recorded on chatgpt.com. Without --format a short summary is printed.
csv is the search queries, sources-csv the pages searches returned and answers cited. --citations says how
the Markdown shows a cited marker: as inline links (the default) or as footnotes. A data export of any
size is read as a stream, one conversation at a time; progress goes to stderr on long runs.`;

interface CliArguments {
  file: string;
  format: ExportFormat | null;
  citations: CitationStyle;
  out: string | null;
}

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

function parseArguments(argv: readonly string[]): CliArguments | string {
  let file: string | null = null;
  let format: ExportFormat | null = null;
  let out: string | null = null;
  let citations: CitationStyle = 'inline';
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--format' || argument === '--out' || argument === '--citations') {
      const value = argv[index + 1];
      if (value === undefined) return `${argument} needs a value.`;
      index += 1;
      if (argument === '--out') out = value;
      else if (argument === '--citations') {
        if (!isOneOf(CITATION_STYLES, value))
          return `Unknown citation style "${value}": use inline or footnotes.`;
        citations = value;
      } else if (isOneOf(EXPORT_FORMAT_IDS, value)) format = value;
      else return `Unknown format "${value}": use ${EXPORT_FORMAT_IDS.join(', ')}.`;
    } else if (argument?.startsWith('--')) {
      return `Unknown option ${argument}.`;
    } else if (file === null && argument !== undefined) {
      file = argument;
    } else {
      return 'Give one file.';
    }
  }
  return file === null ? 'Give the file to inspect.' : { file, format, citations, out };
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The chunks as UTF-8 text; the decoder drops a byte order mark, which JSON.parse would refuse. */
async function textOf(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

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
  // A data export never gets here (its list is streamed); a HAR may hold several conversations.
  const writer = outputWriter({ ...args, exportedAt: io.now(), many: inspections.length !== 1 });
  const output = outputTarget(io, args.out);
  const pieces = inspections.map((inspection, index) => writer.conversation(inspection, index));
  await output.write(writer.opening + pieces.join('') + writer.closing(inspections.length));
  await output.close();
  if (args.out !== null) io.stderr(`Wrote ${args.out}\n`);
  return 0;
}

/**
 * A data export read as a stream: each conversation is written as soon as it is read, so memory holds one
 * conversation whatever the file's size. A file that stops being JSON, or stops early, still gets its output
 * closed (a JSON array ends) over the conversations read before.
 */
async function inspectStreamedExport(
  args: CliArguments,
  size: number,
  chunks: AsyncIterable<Uint8Array>,
  io: CliIo,
): Promise<number> {
  const writer = outputWriter({ ...args, exportedAt: io.now(), many: true });
  const output = outputTarget(io, args.out);
  const progress = progressReporter({
    file: args.file,
    totalBytes: size,
    isTerminal: io.stderrIsTerminal,
    write: io.stderr,
    monotonicMs: io.monotonicMs,
  });
  let begun = false;
  let written = 0;
  let readError: unknown = null;
  async function* guarded(): AsyncGenerator<Uint8Array> {
    try {
      yield* chunks;
    } catch (error) {
      readError = error;
    }
  }
  const result = await inspectExportStream(guarded(), {
    begin: async () => {
      begun = true;
      await output.write(writer.opening);
    },
    conversation: async (inspection) => {
      await output.write(writer.conversation(inspection, written));
      written += 1;
    },
    warning: (text) => progress.message(`warning: ${text}\n`),
    progress: (bytesRead, items) => progress.update(bytesRead, items),
  }).finally(progress.finish);
  if (begun) {
    await output.write(writer.closing(written));
    await output.close();
  }
  const kept = begun
    ? ` The ${plural(written, 'conversation')} read before it ${written === 1 ? 'was' : 'were'} written to ${output.name}.`
    : ' Nothing was written.';
  if (readError !== null) {
    io.stderr(`Cannot read ${args.file}: ${reason(readError)}.${kept}\n`);
    return 1;
  }
  if (!result.ok) {
    // A list of something else gets the message a file read whole gets; a damaged export says what was kept.
    const after = result.error.code === 'unexpected-shape' ? '' : kept;
    io.stderr(`${args.file}: ${result.error.message}${after}\n`);
    return 1;
  }
  if (args.out !== null) io.stderr(`Wrote ${args.out}\n`);
  return 0;
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
    let size: number;
    let start: Awaited<ReturnType<typeof peekFirstByte>>;
    try {
      size = await io.fileSize(args.file);
      start = await peekFirstByte(io.readChunks(args.file));
    } catch (error) {
      io.stderr(`Cannot read ${args.file}: ${reason(error)}\n`);
      return 1;
    }
    if (start.firstByte === LIST_START) return await inspectStreamedExport(args, size, start.chunks, io);
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
