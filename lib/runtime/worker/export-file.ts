import { exportFileNameOf, FORMAT_WRITERS } from '@/lib/export/format-writers';
import { type ExportFormat, formatInfo } from '@/lib/export/formats';
import type { Inspection } from '@/lib/insights/inspection';
import type { ExportFile, ExportOptions, PreparedExport } from '@/lib/runtime/contract/export-file';

/** One conversation in one format, as `inspect` writes it (the same writers, the same file names). */
export function exportOf(
  inspection: Inspection,
  format: ExportFormat,
  options: ExportOptions,
  exportedAt: Date,
): PreparedExport {
  return {
    fileName: exportFileNameOf(inspection, format, exportedAt, options.fileNameTemplate),
    mimeType: formatInfo(format).mimeType,
    pieces: () => FORMAT_WRITERS[format].pieces(inspection, { ...options, exportedAt }),
  };
}

/** The prepared export written whole. */
export function wholeFile({ fileName, mimeType, pieces }: PreparedExport): ExportFile {
  return { fileName, mimeType, text: [...pieces()].join('') };
}
