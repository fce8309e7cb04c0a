import { exportQueriesCsv } from '@/lib/export/csv-export';
import type { ExportFormat } from '@/lib/export/export-formats';
import { exportFileName } from '@/lib/export/file-name';
import { exportJson } from '@/lib/export/json-export';
import type { CitationStyle } from '@/lib/export/markdown-citations';
import { exportMarkdown } from '@/lib/export/markdown-export';
import { exportSourcesCsv } from '@/lib/export/sources-csv-export';
import type { Inspection } from '@/lib/insights/inspection';

export type { ExportFormat } from '@/lib/export/export-formats';

export interface ExportOptions {
  /** Markdown only: cited markers as inline links (the default) or as footnotes (MarkdownExportOptions). */
  citations?: CitationStyle;
  /** Markdown only: hidden messages and tools' whole output written too (the settings' choice). */
  includeHiddenAndTools?: boolean;
}

/**
 * An export as text: the worker writes it, the UI turns it into a Blob and a download (DESIGN
 * "Environment facts": URL.createObjectURL does not exist in a service worker).
 */
export interface ExportFile {
  fileName: string;
  mimeType: string;
  text: string;
}

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

function textOf(inspection: Inspection, format: ExportFormat, options: ExportOptions, exportedAt: Date) {
  switch (format) {
    case 'md':
      return exportMarkdown(inspection, {
        exportedAt,
        citations: options.citations ?? 'inline',
        includeHiddenAndTools: options.includeHiddenAndTools ?? false,
      });
    case 'json':
      return exportJson(inspection, { exportedAt });
    case 'csv':
      return exportQueriesCsv(inspection);
    case 'sources-csv':
      return exportSourcesCsv(inspection);
  }
}

/** One conversation in one format, as `inspect` writes it (same writers, same file names). */
export function buildExportFile(
  inspection: Inspection,
  format: ExportFormat,
  options: ExportOptions,
  exportedAt: Date,
): ExportFile {
  return {
    fileName: fileNameOf(inspection, format, exportedAt),
    mimeType: MIME_TYPES[format],
    text: textOf(inspection, format, options, exportedAt),
  };
}
