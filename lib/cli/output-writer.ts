import { FORMAT_WRITERS, type WriteOptions, writeExport } from '@/lib/export/format-writers';
import type { ExportFormat } from '@/lib/export/formats';
import type { AssetPathResolver } from '@/lib/export/markdown-assets';
import type { Inspection } from '@/lib/insights/inspection';
import { summarize } from './summary';

/**
 * The output of `inspect` in pieces: what comes before the first conversation, each conversation as it is
 * read, and what closes the output once `count` conversations were written. The pieces put together are
 * the bytes the format's writer gives for the same conversations written whole, so a data export read one
 * conversation at a time prints what it printed when read whole.
 */
export interface OutputWriter {
  opening: string;
  /** `index`: how many conversations were written before this one. */
  conversation(inspection: Inspection, index: number): string;
  closing(count: number): string;
}

/** The writers' choices `inspect` takes as flags, as the extension takes them from its settings. */
export type ExportWriteChoices = Omit<WriteOptions, 'exportedAt'>;

export interface OutputOptions {
  /** null: the short summary. */
  format: ExportFormat | null;
  write: ExportWriteChoices;
  exportedAt: Date;
  /** A data export, or any file of several conversations: JSON is then one array of documents. */
  many: boolean;
  /** Markdown: the files of a data export's images and attachments (data-export-assets.ts). */
  assetPath?: AssetPathResolver;
}

export function outputWriter(options: OutputOptions): OutputWriter {
  const { format, many } = options;
  const writeOptions = { ...options.write, exportedAt: options.exportedAt, assetPath: options.assetPath };
  if (format === null) {
    return {
      opening: '',
      conversation: (inspection, index) => `${index === 0 ? '' : '\n\n'}${summarize(inspection)}`,
      closing: () => '\n',
    };
  }
  if (!many) {
    return {
      opening: '',
      conversation: (inspection) => writeExport(inspection, format, writeOptions),
      closing: () => '',
    };
  }
  const writer = FORMAT_WRITERS[format];
  return {
    opening: writer.opening,
    conversation: (inspection, index) => writer.conversation(inspection, index, writeOptions),
    closing: (count) => writer.closing(count),
  };
}
