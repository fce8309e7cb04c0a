import type { TableContext } from '@/lib/library/library-table';
import { type TableFormat, tableFormatInfo } from '@/lib/library/table-formats';
import type { TableChunk } from '@/lib/library/table-sink';
import type { LibraryAccount, LibraryConversation } from './library-record';
import type { LibraryRecordsTable } from './library-tables';
import { createTableWriter } from './table-writer';

/**
 * A table of the given conversations, then its closing rows (the account's record's, or a summary's), as a file to download (the library
 * page's downloads): the pieces the writer gives, joined by the Blob without being copied into one string
 * or buffer first.
 */
export async function tableFile(
  format: TableFormat,
  table: LibraryRecordsTable,
  conversations: Iterable<LibraryConversation> | AsyncIterable<LibraryConversation>,
  account: LibraryAccount | null,
  context: TableContext,
): Promise<Blob> {
  const pieces: TableChunk[] = [];
  const writer = createTableWriter(format, table, { write: (chunk) => void pieces.push(chunk) });
  const run = table.run(context);
  for await (const conversation of conversations) await writer.rows(run.rowsOf(conversation));
  await writer.rows(run.closingRows(account));
  await writer.finish();
  return new Blob(pieces, { type: tableFormatInfo(format).mimeType });
}
