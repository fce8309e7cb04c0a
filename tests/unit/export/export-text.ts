import { strFromU8, unzipSync } from 'fflate';
import { FORMAT_WRITERS, type WriteOptions } from '@/lens/export/format-writers';
import type { ExportFormat } from '@/lens/export/formats';
import type { Inspection } from '@/lens/insights/inspection';
import { joinedBytes } from '@/lib/model/joined-bytes';

/** The pieces of an export as one array of bytes. */
export const bytesOf = (pieces: Iterable<string | Uint8Array>): Uint8Array =>
  joinedBytes(
    [...pieces].map((piece) => (typeof piece === 'string' ? new TextEncoder().encode(piece) : piece)),
  );

/** A ZIP's entries, each read as text, by path. */
export function zipEntries(zip: Uint8Array): Map<string, string> {
  return new Map(Object.entries(unzipSync(zip)).map(([path, bytes]) => [path, strFromU8(bytes)]));
}

/** An export of any format as the text a reader would search: a ZIP's entries joined, each under its path. */
export function exportText(inspection: Inspection, format: ExportFormat, options: WriteOptions): string {
  const pieces = FORMAT_WRITERS[format].pieces(inspection, options);
  if (format !== 'zip') return [...pieces].join('');
  return [...zipEntries(bytesOf(pieces))].map(([path, text]) => `${path}\n${text}`).join('\n');
}
