import { exportInspector } from '@/lens/insights/export-inspection';
import { readBrandsFile } from '@/lens/library/brands-file';
import { accountOfExport } from '@/lens/library/library-account';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { isTableFormat } from '@/lib/library/table-formats';
import { countOf } from '@/lib/model/count-text';
import {
  type DataExportMembers,
  NO_EXPORT_MEMBERS,
  readDataExportMembers,
} from '@/lib/model/data-export-members';
import type { Result } from '@/lib/model/result';
import { textOf } from '@/lib/model/text-of';
import { archiveOutput } from './archive-output';
import { checkDataset } from './check-dataset';
import { type CliArguments, parseArguments, USAGE } from './cli-arguments';
import type { CliIo } from './cli-io';
import { type DataExportFiles, dataExportFiles, readDataExportFiles } from './data-export-assets';
import { datasetOutput } from './dataset-output';
import { exportOutput } from './export-output';
import { type PeekedChunks, peekFirstByte } from './first-byte';
import { inspectExportStream } from './inspect-export-stream';
import { inspectFileText } from './inspect-file';
import { type OpenedExport, openFolderExport, openZipExport } from './open-data-export';
import { OutputWriteError } from './output-target';
import { progressReporter } from './progress';
import type { RunOutput } from './run-output';
import { tableOutput } from './table-output';

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

/** The arguments of a run, with the brands of `--brands` read. */
type RunArguments = CliArguments & { brandSettings: BrandSettings | null };

/** The output of a run: the library's tables, or an export format or the summary. */
function runOutput(
  args: RunArguments,
  io: CliIo,
  many: boolean,
  warn: (text: string) => void,
  files: DataExportFiles = {},
  members: DataExportMembers = NO_EXPORT_MEMBERS,
): RunOutput {
  const { format } = args;
  if (format !== null && isTableFormat(format)) {
    const savedAt = io.now().getTime();
    const account = members.ads === null ? null : accountOfExport(members.ads, savedAt);
    // Only Parquet takes --out-dir (cli-arguments.ts): the dataset's files are Parquet.
    const brands = args.brandSettings;
    if (args.outDir !== null)
      return datasetOutput(io, { folder: args.outDir, savedAt, account, brands, warn });
    return tableOutput(io, { format, out: args.out, savedAt, account, brands, warn });
  }
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
      members,
    });
  return exportOutput(io, args.out, {
    format,
    write: args.write,
    exportedAt,
    many,
    assetPath: files.assetPath,
    assetFiles: files.assetFiles,
    members,
  });
}

const reason = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A file read whole: a HAR, one messages-format or tree-format response. */
async function inspectWholeFile(
  args: RunArguments,
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
  /** What its side files say (site-interface 10.8): the ads and ratings of its conversations, and more. */
  members: DataExportMembers;
}

/**
 * A data export read as a stream: each conversation is written as soon as it is read, so memory holds one
 * conversation whatever the file's size. A file that stops being JSON, or stops early, still gets its output
 * closed (a JSON array ends, a Parquet file gets its footer) over the conversations read before.
 */
async function inspectStreamedExport(args: RunArguments, input: StreamedInput, io: CliIo): Promise<number> {
  const progress = progressReporter({
    file: args.file,
    totalBytes: input.totalBytes,
    isTerminal: io.stderrIsTerminal,
    write: io.stderr,
    monotonicMs: io.monotonicMs,
  });
  const output = runOutput(
    args,
    io,
    true,
    (text) => progress.message(`warning: ${text}\n`),
    input.files,
    input.members,
  );
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
  const result = await inspectExportStream(
    parts(),
    {
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
    },
    exportInspector(input.members),
  ).finally(progress.finish);
  // A file that stops early leaves an archive partial, and its report says why
  // (export-format "ZIP of many conversations").
  if (readError !== null) output.unreadable?.(`Cannot read the rest of ${args.file}: ${reason(readError)}.`);
  else if (!result.ok) output.unreadable?.(result.error.message);
  if (begun) await output.end();
  const kept = begun
    ? ` The ${countOf(written, 'conversation')} read before it ${written === 1 ? 'was' : 'were'} written to ${output.name}.`
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
async function inspectOpenedExport(args: RunArguments, opened: OpenedExport, io: CliIo): Promise<number> {
  const { source, filesFolder } = opened;
  for (const warning of opened.warnings) io.stderr(`warning: ${warning}\n`);
  try {
    const { folder, files, parts } = source.layout;
    const assets = await dataExportFiles(files, (name) => source.read(`${folder}${name}`), filesFolder, args);
    const members = await readDataExportMembers(source.layout, source.read);
    return await inspectStreamedExport(
      args,
      {
        totalBytes: source.partsBytes,
        parts: function* (stop) {
          for (const name of parts) if (!stop()) yield source.read(name);
        },
        files: assets,
        members,
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
 * The brands of `--brands` (brands-file.ts), null without it, or the line that says why they cannot be
 * read: read before anything else, so a bad file stops the run before a file is written.
 */
async function readBrands(path: string | null, io: CliIo): Promise<BrandSettings | null | string> {
  if (path === null) return null;
  let text: string;
  try {
    text = await textOf(io.readChunks(path));
  } catch (error) {
    return `Cannot read the brands file ${path}: ${reason(error)}`;
  }
  const read = readBrandsFile(text);
  return read.ok ? read.value : `--brands ${path}: ${read.error.message}`;
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
  if ('checkDataset' in args)
    return checkDataset(io, args.checkDataset).catch((error: unknown) => {
      io.stderr(`Cannot read ${args.checkDataset}: ${reason(error)}\n`);
      return 1;
    });
  const brandSettings = await readBrands(args.brands, io);
  if (typeof brandSettings === 'string') {
    io.stderr(`${brandSettings}\n`);
    return 1;
  }
  const run: RunArguments = { ...args, brandSettings };
  try {
    let input: OpenedInput;
    try {
      input = await openInput(args.file, io);
    } catch (error) {
      io.stderr(`Cannot read ${args.file}: ${reason(error)}\n`);
      return 1;
    }
    if (input.kind === 'export') {
      if (input.opened.ok) return await inspectOpenedExport(run, input.opened.value, io);
      io.stderr(`${args.file}: ${input.opened.error.message}\n`);
      return 1;
    }
    const { size, start } = input;
    if (start.firstByte === LIST_START) {
      // A data export's images and attachments lie beside it (site-interface 10.8): the Markdown shows them,
      // and a ZIP holds them.
      const { files, members } = await readDataExportFiles(io, args.file, args);
      return await inspectStreamedExport(
        run,
        { totalBytes: size, parts: () => [start.chunks], files, members },
        io,
      );
    }
    if (size > WHOLE_FILE_LIMIT_BYTES) {
      await start.release();
      io.stderr(
        `${args.file}: ${size} bytes is too big to read whole. Only a data export (a JSON list of conversations) is read as a stream; a HAR file or one conversation response of this size is not read.\n`,
      );
      return 1;
    }
    return await inspectWholeFile(run, start.chunks, io);
  } catch (error) {
    io.stderr(error instanceof OutputWriteError ? `${error.message}\n` : `${args.file}: ${reason(error)}\n`);
    return 1;
  }
}
