import { Deflate, Inflate } from 'fflate';
import type { Inspection } from '@/lens/insights/inspection';
import type { LibraryConversation } from './library-record';
import { LIBRARY_TABLES } from './library-tables';
import { recordOfInspection } from './record-of-inspection';
import { tableFileName } from './table-file-name';
import { createTableWriter } from './table-writer';

/** A table's file, ready to be written whole: its name and its text, piece by piece. */
export interface TableFile {
  name: string;
  content: Iterable<Uint8Array>;
}

/**
 * The library's tables as CSV (export-format "Library tables") of conversations written among many. An
 * archive takes one file at a time, and the tables grow with every conversation, so their text is held
 * deflated (about a fifth of its size) until the last conversation, then inflated a piece at a time into
 * the archive. `add` answers false when the conversation has no id, so has no rows.
 */
export interface DeflatedTables {
  add(inspection: Inspection): Promise<boolean>;
  /** A conversation as the library keeps it: its rows. */
  addRecord(record: LibraryConversation): Promise<void>;
  finish(): Promise<TableFile[]>;
}

const encoder = new TextEncoder();

/** Each piece as it is inflated: memory holds the deflated text and one piece of it at a time. */
function* inflated(deflated: readonly Uint8Array[]): Generator<Uint8Array> {
  const out: Uint8Array[] = [];
  const inflate = new Inflate((chunk) => void out.push(chunk));
  for (const [index, chunk] of deflated.entries()) {
    inflate.push(chunk, index === deflated.length - 1);
    yield* out.splice(0);
  }
}

export function deflatedTables(savedAt: number): DeflatedTables {
  // An archive holds one conversation at a time: a table that sums them up (the prompts) would hold them all.
  const files = LIBRARY_TABLES.filter((table) => !table.sumsUp).map((table) => {
    const deflated: Uint8Array[] = [];
    const deflate = new Deflate({ level: 6 }, (chunk) => void deflated.push(chunk));
    const writer = createTableWriter('library-csv', table, {
      write: (chunk) => deflate.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
    });
    return { table, run: table.run({ brands: null }), deflated, deflate, writer };
  });
  const addRecord = async (record: LibraryConversation): Promise<void> => {
    for (const { run, writer } of files) await writer.rows(run.rowsOf(record));
  };
  return {
    async add(inspection) {
      const record = recordOfInspection(inspection, { keepAnswerText: false, savedAt });
      if (record === null) return false;
      await addRecord(record);
      return true;
    },
    addRecord,
    async finish() {
      const done: TableFile[] = [];
      for (const { table, run, deflated, deflate, writer } of files) {
        await writer.rows(run.closingRows(null));
        await writer.finish();
        deflate.push(new Uint8Array(0), true);
        done.push({ name: tableFileName('library.csv', table.name, 'csv'), content: inflated(deflated) });
      }
      return done;
    },
  };
}
