import { exportQueriesCsv } from '@/lib/export/csv-export';
import type { ExportFormat } from '@/lib/export/export-formats';
import { exportJson, toExportDocument } from '@/lib/export/json-export';
import type { CitationStyle } from '@/lib/export/markdown-citations';
import { exportMarkdown } from '@/lib/export/markdown-export';
import { exportSourcesCsv } from '@/lib/export/sources-csv-export';
import type { Inspection } from '@/lib/insights/inspection';
import { summarize } from './summary';

/**
 * The output of `inspect` in pieces (issue 10, item 9): what comes before the first conversation, each
 * conversation as it is read, and what closes the output once `count` conversations were written. The
 * pieces put together are the bytes the whole-file writers of lib/export give for the same conversations,
 * so a data export read one conversation at a time prints what it printed when read whole.
 */
export interface OutputWriter {
  opening: string;
  /** `index`: how many conversations were written before this one. */
  conversation(inspection: Inspection, index: number): string;
  closing(count: number): string;
}

export interface OutputOptions {
  format: ExportFormat | null;
  citations: CitationStyle;
  exportedAt: Date;
  /** A data export, or any file of several conversations: JSON is then one array of documents. */
  many: boolean;
}

/** A conversation's text, the separator before it for all but the first. */
const separated = (separator: string, text: string, index: number): string =>
  index === 0 ? text : `${separator}${text}`;

/** The rows a whole-file CSV writer gives for one conversation: its output less the header it starts with. */
function csvRowsWriter(exportCsv: (inspections: readonly Inspection[]) => string): OutputWriter {
  const header = exportCsv([]);
  return {
    opening: header,
    conversation: (inspection) => exportCsv([inspection]).slice(header.length),
    closing: () => '',
  };
}

/**
 * One document of `JSON.stringify(documents, null, 2)`: indented one level deeper. Strings hold no raw
 * line break (JSON escapes them), so every line break of the document starts one of its lines.
 */
const arrayElement = (document: unknown): string =>
  `  ${JSON.stringify(document, null, 2).replaceAll('\n', '\n  ')}`;

export function outputWriter(options: OutputOptions): OutputWriter {
  const { exportedAt } = options;
  switch (options.format) {
    case null:
      return {
        opening: '',
        conversation: (inspection, index) => separated('\n\n', summarize(inspection), index),
        closing: () => '\n',
      };
    case 'json':
      // Exactly one JSON value: a document, or an array of them for a file of many conversations.
      if (!options.many) {
        return {
          opening: '',
          conversation: (inspection) => exportJson(inspection, { exportedAt }),
          closing: () => '',
        };
      }
      return {
        opening: '',
        conversation: (inspection, index) =>
          `${index === 0 ? '[\n' : ',\n'}${arrayElement(toExportDocument(inspection, { exportedAt }))}`,
        closing: (count) => (count === 0 ? '[]\n' : '\n]\n'),
      };
    case 'md':
      return {
        opening: '',
        conversation: (inspection, index) =>
          separated('\n\n', exportMarkdown(inspection, { exportedAt, citations: options.citations }), index),
        closing: () => '',
      };
    case 'csv':
      return csvRowsWriter(exportQueriesCsv);
    case 'sources-csv':
      return csvRowsWriter(exportSourcesCsv);
  }
}
