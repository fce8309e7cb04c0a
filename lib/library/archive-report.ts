import type { SelectionFilter } from '@/lib/export/selection-filter';
import { countOf } from '@/lib/model/count-text';

/** What `report.json` says of an archive of many conversations (export-format "ZIP of many conversations"). */
export interface ArchiveReport {
  asked: { format: string; fileName: string | null; filter: SelectionFilter };
  /** Each conversation written, and where its document lies. */
  conversations: Array<{ id: string | null; title: string | null; path: string }>;
  /** Each item that could not be read or written, and why; named where it is known. */
  failed: Array<{ id?: string; title?: string | null; warning: string }>;
  /** Conversations the filter left out. */
  filteredOut: number;
  /** Conversations written without rows in the tables, as they have no id. */
  notInTables: number;
}

function summary(report: ArchiveReport): string {
  const written = `${countOf(report.conversations.length, 'conversation')} written`;
  const failed = report.failed.length === 0 ? '' : `, ${countOf(report.failed.length, 'item')} failed`;
  const filtered = report.filteredOut === 0 ? '' : `, ${report.filteredOut} left out by the filter`;
  return `${written}${failed}${filtered}.`;
}

/**
 * The report as JSON whose first line says whether the archive is partial, and why in one line, so a reader
 * of the first line alone knows: `{"partial": true, "summary": "…",`. The rest is indented JSON.
 */
export function archiveReportText(report: ArchiveReport): string {
  const partial = report.failed.length > 0;
  const rest = JSON.stringify(
    {
      asked: report.asked,
      counts: {
        written: report.conversations.length,
        failed: report.failed.length,
        filteredOut: report.filteredOut,
        notInTables: report.notInTables,
      },
      conversations: report.conversations,
      failed: report.failed,
    },
    null,
    2,
  );
  return `{"partial": ${partial}, "summary": ${JSON.stringify(summary(report))},\n${rest.slice(2)}\n`;
}
