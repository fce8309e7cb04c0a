import { exportFileNameOf, FORMAT_WRITERS } from '@/lens/export/format-writers';
import { type ExportFormat, formatInfo, isTextFormat } from '@/lens/export/formats';
import type { Inspection } from '@/lens/insights/inspection';
import type { ExportFile, ExportOptions, PreparedExport } from '@/lens/runtime/contract/export-file';
import type { AssetFiles } from '@/lib/export/asset-files';
import { utf8Chunks } from '@/lib/export/utf8-chunks';
import { base64Of } from '@/lib/model/base64';
import type { ReadiedExports } from './readied-exports';

/** Where the file's parts come from besides the conversation. */
export interface ExportSources {
  /** The bytes of the images the export holds, where it was asked to (fetched before the writers run). */
  assetFiles?: AssetFiles;
  /** A text file's body written before the click (readied-exports.ts); never one holding images. */
  readied?: ReadiedExports;
}

/**
 * One conversation in one format, as `inspect` writes it (the same writers, the same file names), with the
 * bytes of the images the export holds, where it was asked to.
 */
export function exportOf(
  inspection: Inspection,
  format: ExportFormat,
  options: ExportOptions,
  exportedAt: Date,
  { assetFiles, readied }: ExportSources = {},
): PreparedExport {
  const written = { ...options, exportedAt, assetFiles };
  return {
    fileName: exportFileNameOf(inspection, format, exportedAt, options.fileNameTemplate),
    mimeType: formatInfo(format).mimeType,
    pieces: () =>
      readied !== undefined && assetFiles === undefined && isTextFormat(format)
        ? [FORMAT_WRITERS[format].head(inspection, written), readied.take(inspection, format, options)]
        : FORMAT_WRITERS[format].pieces(inspection, written),
  };
}

/** The prepared export written whole: its text, or a file of bytes (a ZIP) as base64. */
export async function wholeFile({ fileName, mimeType, pieces }: PreparedExport): Promise<ExportFile> {
  // A Blob among the pieces is a text body readied before (readied-exports.ts).
  const written = await Promise.all(
    [...pieces()].map((piece) => (piece instanceof Blob ? piece.text() : piece)),
  );
  if (written.every((piece) => typeof piece === 'string'))
    return { fileName, mimeType, text: written.join('') };
  return { fileName, mimeType, text: base64Of([...utf8Chunks(written)]), encoding: 'base64' };
}
