import { conversationFiles } from '@/lens/export/conversation-files';
import { conversationIndex, type IndexEntry, indexFileName } from '@/lens/export/conversation-index';
import type { WriteOptions } from '@/lens/export/format-writers';
import type { TextExportFormat } from '@/lens/export/formats';
import type { Inspection } from '@/lens/insights/inspection';
import type { AssetFiles } from '@/lib/export/asset-files';
import { startedDay } from '@/lib/export/export-fields';
import { isSelected, type SelectionFilter } from '@/lib/export/selection-filter';
import type { TreeSink } from '@/lib/export/tree-sink';
import { uniqueNames } from '@/lib/export/unique-names';
import { type ArchiveReport, archiveReportText, exportReportOf } from '@/lib/library/archive-report';
import type { DataExportMembers } from '@/lib/model/data-export-members';
import { type DeflatedTables, deflatedTables } from './deflated-tables';

export interface ArchiveOptions {
  format: TextExportFormat;
  /** The writers' options; `fileNameTemplate` names each document (export-format "Templates"). */
  write: WriteOptions;
  filter: SelectionFilter;
  /** A data export's side files, for the report (archive-report.ts). */
  members?: DataExportMembers;
}

/**
 * Many conversations as one tree of files (export-format "ZIP of many conversations"), given one at a time:
 * each conversation's files are handed to the sink before the next is taken, so memory holds one
 * conversation, the tables deflated, and a line per conversation for the index and the report.
 */
export interface ConversationsArchive {
  conversation(inspection: Inspection, assetFiles?: AssetFiles): Promise<void>;
  /** An item that could not be read, and the warning it got: listed in the report as failed. */
  unreadable(warning: string): void;
  /** The index, the tables and the report, then the sink is closed. */
  finish(): Promise<void>;
}

/** What an archive of many conversations gathered as it went: written last, after the documents. */
export interface ArchiveEnd {
  format: TextExportFormat;
  index: readonly IndexEntry[];
  tables: DeflatedTables;
  report: ArchiveReport;
}

/** The index, the tables and the report after the documents, then the sink is closed. */
export async function closeArchive(
  sink: TreeSink,
  { format, index, tables, report }: ArchiveEnd,
): Promise<void> {
  await sink.file({
    // At the top, beside the months' folders, so no document's name meets it, nor the tables'.
    path: indexFileName(format),
    content: [conversationIndex(index, format === 'html' ? 'html' : 'md')],
    compress: true,
  });
  for (const table of await tables.finish())
    await sink.file({ path: table.name, content: table.content, compress: true });
  await sink.file({ path: 'report.json', content: [archiveReportText(report)], compress: true });
  await sink.close();
}

export function conversationsArchive(sink: TreeSink, options: ArchiveOptions): ConversationsArchive {
  const { format, write, filter, members } = options;
  const uniqueName = uniqueNames();
  const tables = deflatedTables(write.exportedAt.getTime());
  const index: IndexEntry[] = [];
  const report: ArchiveReport = {
    asked: { format, fileName: write.fileNameTemplate ?? null, filter },
    conversations: [],
    failed: [],
    filteredOut: 0,
    notInTables: 0,
    export: members === undefined ? null : exportReportOf(members),
  };
  return {
    async conversation(inspection, assetFiles) {
      const { conversation } = inspection;
      if (!isSelected(conversation, filter)) {
        report.filteredOut += 1;
        return;
      }
      await sink.conversationStarts?.();
      const written = conversationFiles(inspection, format, uniqueName, { ...write, assetFiles });
      for (const file of written.files) await sink.file(file);
      index.push({ path: written.document, title: conversation.title, day: startedDay(conversation) });
      report.conversations.push({ id: conversation.id, title: conversation.title, path: written.document });
      if (!(await tables.add(inspection))) report.notInTables += 1;
    },
    unreadable(warning) {
      report.failed.push({ warning });
    },
    finish: () => closeArchive(sink, { format, index, tables, report }),
  };
}
