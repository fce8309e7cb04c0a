import type { LibraryAccount, LibraryConversation } from './library-record';
import type { LibraryTable } from './library-table';
import { type TableFormat, tableFormatInfo } from './table-formats';
import type { TableChunk } from './table-sink';
import { createTableWriter } from './table-writer';

/**
 * A table of the given conversations, then of the account's record, as a file to download (the library
 * page's downloads): the pieces the writer gives, joined by the Blob without being copied into one string
 * or buffer first.
 */
export async function tableFile(
  format: TableFormat,
  table: LibraryTable,
  conversations: Iterable<LibraryConversation> | AsyncIterable<LibraryConversation>,
  account: LibraryAccount | null,
): Promise<Blob> {
  const pieces: TableChunk[] = [];
  const writer = createTableWriter(format, table, { write: (chunk) => void pieces.push(chunk) });
  for await (const conversation of conversations) await writer.rows(table.rowsOf(conversation));
  if (account !== null && table.accountRowsOf !== undefined) await writer.rows(table.accountRowsOf(account));
  await writer.finish();
  return new Blob(pieces, { type: tableFormatInfo(format).mimeType });
}
