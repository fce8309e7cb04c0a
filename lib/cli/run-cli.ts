import { exportQueriesCsv } from '@/lib/export/csv-export';
import { exportJson, toExportDocument } from '@/lib/export/json-export';
import type { CitationStyle } from '@/lib/export/markdown-citations';
import { exportMarkdown } from '@/lib/export/markdown-export';
import { exportSourcesCsv } from '@/lib/export/sources-csv-export';
import { type InspectedFile, inspectFileText } from './inspect-file';
import { summarize } from './summary';

export type OutputFormat = 'json' | 'md' | 'csv' | 'sources-csv';

const OUTPUT_FORMATS: readonly OutputFormat[] = ['json', 'md', 'csv', 'sources-csv'];
const CITATION_STYLES: readonly CitationStyle[] = ['inline', 'footnotes'];

/** Everything the command touches, passed in so that tests run it without a process or a disk. */
export interface CliIo {
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  stdout(text: string): void;
  stderr(text: string): void;
  now(): Date;
}

export const USAGE = `Usage: npm run inspect -- <file> [--format json|md|csv|sources-csv]
                            [--citations inline|footnotes] [--out <path>]

<file> is a messages-format or tree-format response saved from chatgpt.com, a data-export
conversations.json, or a HAR file recorded on chatgpt.com. Without --format a short summary is printed.
csv is the search queries, sources-csv the pages searches returned and answers cited. --citations says how
the Markdown shows a cited marker: as inline links (the default) or as footnotes.`;

interface CliArguments {
  file: string;
  format: OutputFormat | null;
  citations: CitationStyle;
  out: string | null;
}

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

function parseArguments(argv: readonly string[]): CliArguments | string {
  let file: string | null = null;
  let format: OutputFormat | null = null;
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
      } else if (isOneOf(OUTPUT_FORMATS, value)) format = value;
      else return `Unknown format "${value}": use json, md, csv or sources-csv.`;
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

function render(inspected: InspectedFile, args: CliArguments, exportedAt: Date): string {
  const { inspections } = inspected;
  switch (args.format) {
    case null:
      return `${inspections.map(summarize).join('\n\n')}\n`;
    case 'json':
      // Exactly one JSON value: a document, or an array of them for a file of many conversations.
      if (inspected.kind !== 'data-export' && inspections.length === 1 && inspections[0]) {
        return exportJson(inspections[0], { exportedAt });
      }
      return `${JSON.stringify(
        inspections.map((inspection) => toExportDocument(inspection, { exportedAt })),
        null,
        2,
      )}\n`;
    case 'md':
      return inspections
        .map((inspection) => exportMarkdown(inspection, { exportedAt, citations: args.citations }))
        .join('\n\n');
    case 'csv':
      return exportQueriesCsv(inspections);
    case 'sources-csv':
      return exportSourcesCsv(inspections);
  }
}

/** `inspect` over a saved file (issue 4, item 6). Returns the exit code: 0 done, 1 unreadable input, 2 usage. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const args = parseArguments(argv);
  if (typeof args === 'string') {
    io.stderr(`${args}\n\n${USAGE}\n`);
    return 2;
  }
  let text: string;
  try {
    text = await io.readFile(args.file);
  } catch (error) {
    io.stderr(`Cannot read ${args.file}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const inspected = inspectFileText(text);
  if (!inspected.ok) {
    io.stderr(`${args.file}: ${inspected.error.message}\n`);
    return 1;
  }
  for (const warning of inspected.warnings) io.stderr(`warning: ${warning}\n`);
  const output = render(inspected.value, args, io.now());
  if (args.out === null) {
    io.stdout(output);
    return 0;
  }
  try {
    await io.writeFile(args.out, output);
  } catch (error) {
    io.stderr(`Cannot write ${args.out}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  io.stderr(`Wrote ${args.out}\n`);
  return 0;
}
