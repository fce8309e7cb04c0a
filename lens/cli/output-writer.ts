import { type ExportPiece, FORMAT_WRITERS, type WriteOptions } from '@/lens/export/format-writers';
import type { ExportFormat } from '@/lens/export/formats';
import type { AssetPathResolver } from '@/lens/export/markdown-assets';
import type { Inspection } from '@/lens/insights/inspection';
import type { AssetFiles } from '@/lib/export/asset-files';
import type { DataExportMembers } from '@/lib/model/data-export-members';
import { summarize, summarizeDataExport } from './summary';

/**
 * The output of `inspect` in pieces: what comes before the first conversation, each conversation as it is
 * read, and what closes the output once `count` conversations were written. The pieces put together are
 * the bytes the format's writer gives for the same conversations written whole, so a data export read one
 * conversation at a time prints what it printed when read whole.
 */
export interface OutputWriter {
  opening(): ExportPiece[];
  /** `files`: the bytes of its images and files, for a ZIP (export-format "ZIP"). */
  conversation(inspection: Inspection, files?: AssetFiles): ExportPiece[];
  closing(): ExportPiece[];
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
  /** ZIP: the bytes of a conversation's images and files, read before it is written (data-export-assets.ts). */
  assetFiles?: (inspection: Inspection) => Promise<AssetFiles>;
  /** A data export's side files: the summary ends with what they say (summary.ts). */
  members?: DataExportMembers;
}

export function outputWriter(options: OutputOptions): OutputWriter {
  const { format, many } = options;
  const writeOptions = { ...options.write, exportedAt: options.exportedAt, assetPath: options.assetPath };
  if (format === null) {
    let written = 0;
    const exportText = options.members === undefined ? '' : summarizeDataExport(options.members);
    return {
      opening: () => [],
      conversation: (inspection) => [`${written++ === 0 ? '' : '\n\n'}${summarize(inspection)}`],
      closing: () => [exportText === '' ? '\n' : `${written === 0 ? '' : '\n\n'}${exportText}\n`],
    };
  }
  const writer = FORMAT_WRITERS[format];
  if (!many) {
    return {
      opening: () => [],
      conversation: (inspection, files) => [
        ...writer.pieces(inspection, { ...writeOptions, assetFiles: files }),
      ],
      closing: () => [],
    };
  }
  const file = writer.many();
  return {
    opening: () => file.opening(),
    conversation: (inspection, files) =>
      file.conversation(inspection, { ...writeOptions, assetFiles: files }),
    closing: () => file.closing(),
  };
}
