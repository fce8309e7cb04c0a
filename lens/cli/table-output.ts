import type { Inspection } from '@/lens/insights/inspection';
import type { LibraryAccount, LibraryConversation } from '@/lens/library/library-record';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import { tableFileName } from '@/lens/library/table-file-name';
import { createTableWriter } from '@/lens/library/table-writer';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { type TableFormat, tableFormatInfo } from '@/lib/library/table-formats';
import type { CliIo } from './cli-io';
import { outputTarget } from './output-target';
import type { RunOutput } from './run-output';

export interface TableOutputOptions {
  format: TableFormat;
  /** The joined table's file; the others go beside it. null: the joined table alone, to standard output. */
  out: string | null;
  /** The run's time, the records' `savedAt`. */
  savedAt: number;
  /** What a data export's `ads.json` says of the account: its ads that name no conversation close the tables. */
  account: LibraryAccount | null;
  /** The brands of `--brands`: the brands table's rows and the prompts table's brand overlap; null: none. */
  brands: BrandSettings | null;
  warn(text: string): void;
}

/** "a", "a and b", "a, b and c". */
const listed = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * The record the library would keep of an inspection, without answer text, whose rows the tables take; null,
 * with a warning, for a conversation without an id.
 */
export function tableRecordOf(
  inspection: Inspection,
  options: Pick<TableOutputOptions, 'savedAt' | 'warn'>,
): LibraryConversation | null {
  const record = recordOfInspection(inspection, { keepAnswerText: false, savedAt: options.savedAt });
  if (record === null) {
    const { title } = inspection.conversation;
    const named = title === null ? 'A conversation' : `The conversation "${title}"`;
    options.warn(`${named} has no id, so it is left out of the tables.`);
  }
  return record;
}

/**
 * The library's tables (export-format "Library tables") of every conversation read: each conversation
 * becomes the record the library would keep, without answer text, and its rows are written at once, so
 * memory holds one conversation and one Parquet row group per table; the prompts table alone keeps a small
 * digest of every turn until the end, and the creatives table every ad (export-format "Library tables").
 */
export function tableOutput(
  io: Pick<CliIo, 'stdout' | 'createFile'>,
  options: TableOutputOptions,
): RunOutput {
  const { format, out } = options;
  const { extension } = tableFormatInfo(format);
  const files = LIBRARY_TABLES.flatMap((table) => {
    if (out === null && table.name !== 'joined') return [];
    const target = outputTarget(io, out === null ? null : tableFileName(out, table.name, extension));
    const run = table.run({ brands: options.brands });
    return [{ table, run, target, writer: createTableWriter(format, table, target) }];
  });
  return {
    name: listed(files.map((file) => file.target.name)),
    begin: async () => {},
    conversation: async (inspection) => {
      const record = tableRecordOf(inspection, options);
      if (record === null) return;
      for (const { run, writer } of files) await writer.rows(run.rowsOf(record));
    },
    end: async () => {
      for (const { run, writer } of files) await writer.rows(run.closingRows(options.account));
      for (const { writer, target } of files) {
        await writer.finish();
        await target.close();
      }
    },
  };
}
