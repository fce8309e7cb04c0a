import type { AssetFiles } from '@/lib/export/asset-files';
import { exportFileNameOf, FORMAT_WRITERS } from '@/lib/export/format-writers';
import { type ExportFormat, formatInfo } from '@/lib/export/formats';
import { utf8Chunks } from '@/lib/export/utf8-chunks';
import type { Inspection } from '@/lib/insights/inspection';
import { base64Of } from '@/lib/model/base64';
import type { ExportFile, ExportOptions, PreparedExport } from '@/lib/runtime/contract/export-file';

/**
 * One conversation in one format, as `inspect` writes it (the same writers, the same file names), with the
 * bytes of the images the export holds, where it was asked to.
 */
export function exportOf(
  inspection: Inspection,
  format: ExportFormat,
  options: ExportOptions,
  exportedAt: Date,
  assetFiles?: AssetFiles,
): PreparedExport {
  return {
    fileName: exportFileNameOf(inspection, format, exportedAt, options.fileNameTemplate),
    mimeType: formatInfo(format).mimeType,
    pieces: () => FORMAT_WRITERS[format].pieces(inspection, { ...options, exportedAt, assetFiles }),
  };
}

/** The prepared export written whole: its text, or a file of bytes (a ZIP) as base64. */
export function wholeFile({ fileName, mimeType, pieces }: PreparedExport): ExportFile {
  const written = [...pieces()];
  if (written.every((piece) => typeof piece === 'string'))
    return { fileName, mimeType, text: written.join('') };
  return { fileName, mimeType, text: base64Of([...utf8Chunks(written)]), encoding: 'base64' };
}
