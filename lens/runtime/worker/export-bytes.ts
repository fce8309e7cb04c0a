import { exportFileNameOf, FORMAT_WRITERS } from '@/lens/export/format-writers';
import { type ExportFormat, formatInfo } from '@/lens/export/formats';
import type { Inspection } from '@/lens/insights/inspection';
import type { ExportFile, ExportOptions, PreparedExport } from '@/lens/runtime/contract/export-file';
import type { AssetFiles } from '@/lib/export/asset-files';
import { utf8Chunks } from '@/lib/export/utf8-chunks';
import { base64Of } from '@/lib/model/base64';

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
