import { exportQueriesCsv } from '@/lib/export/csv-export';
import type { ExportFormat } from '@/lib/export/export-formats';
import { exportFileName } from '@/lib/export/file-name';
import { exportJson } from '@/lib/export/json-export';
import { markdownPieces } from '@/lib/export/markdown-export';
import { exportSourcesCsv } from '@/lib/export/sources-csv-export';
import type { Inspection } from '@/lib/insights/inspection';
import type { ExportFile, ExportOptions, PreparedExport } from '@/lib/runtime/contract/export-file';

const MIME_TYPES: Record<ExportFormat, string> = {
  md: 'text/markdown;charset=utf-8',
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
  'sources-csv': 'text/csv;charset=utf-8',
};

/** Two CSV exports of one conversation must not get the same name in one downloads folder. */
function fileNameOf(inspection: Inspection, format: ExportFormat, exportedAt: Date): string {
  if (format !== 'sources-csv') return exportFileName(inspection.conversation, format, exportedAt);
  return exportFileName(inspection.conversation, 'csv', exportedAt).replace(/\.csv$/, ' sources.csv');
}

function piecesOf(
  inspection: Inspection,
  format: ExportFormat,
  options: ExportOptions,
  exportedAt: Date,
): Iterable<string> {
  switch (format) {
    case 'md':
      return markdownPieces(inspection, {
        exportedAt,
        citations: options.citations ?? 'inline',
        includeHiddenAndTools: options.includeHiddenAndTools ?? false,
      });
    case 'json':
      return [exportJson(inspection, { exportedAt })];
    case 'csv':
      return [exportQueriesCsv(inspection)];
    case 'sources-csv':
      return [exportSourcesCsv(inspection)];
  }
}

/** One conversation in one format, as `inspect` writes it (same writers, same file names). */
export function exportOf(
  inspection: Inspection,
  format: ExportFormat,
  options: ExportOptions,
  exportedAt: Date,
): PreparedExport {
  return {
    fileName: fileNameOf(inspection, format, exportedAt),
    mimeType: MIME_TYPES[format],
    pieces: () => piecesOf(inspection, format, options, exportedAt),
  };
}

/** The prepared export written whole. */
export function wholeFile({ fileName, mimeType, pieces }: PreparedExport): ExportFile {
  return { fileName, mimeType, text: [...pieces()].join('') };
}
