import type { IndexEntry } from '@/lens/export/conversation-index';
import type { AccountRunRecord, AccountRunStore } from '@/lens/library/account-run-store';
import { closeArchive } from '@/lens/library/conversations-archive';
import { deflatedTables } from '@/lens/library/deflated-tables';
import type { LibraryConversation } from '@/lens/library/library-record';
import type { TreeSink } from '@/lib/export/tree-sink';
import type { AccountRunItem } from '@/lib/library/account-run-item';
import type { ArchiveReport } from '@/lib/library/archive-report';
import { countOf } from '@/lib/model/count-text';
import { isRunItemSelected, type RunSelection, startDayOf } from './account-run-selection';

export interface AccountRunZipSource {
  run: AccountRunRecord;
  items: readonly AccountRunItem[];
  filesOf: AccountRunStore['filesOf'];
  /** What the library keeps of a conversation, for the tables; undefined when it was deleted since. */
  record(id: string): Promise<LibraryConversation | undefined>;
  /** Which conversations the ZIP holds; the others are counted as left out, not as missing. */
  selection: RunSelection;
}

export interface AccountRunZipCounts {
  written: number;
  failed: number;
  notFetched: number;
}

function whyNotFetched(run: AccountRunRecord): string {
  if (run.status === 'running') return 'Not fetched yet: the run is still going.';
  if (run.status === 'paused') return 'Not fetched yet: the run is paused.';
  if (run.status === 'cancelled') return 'Not fetched: the run was cancelled.';
  return `Not fetched: the run stopped${run.error === null ? '' : ` (${run.error})`}.`;
}

/**
 * The ZIP of a run of "add the whole account" (export-format "ZIP of many conversations"), from what the run
 * kept: each fetched conversation's files as they were written, the index, the library's tables of those
 * conversations, and `report.json`, which names every listed conversation not in the ZIP and why (failed, or
 * not fetched yet), so its first line says partial whenever one is missing. One conversation's files are
 * read at a time.
 */
export async function writeAccountRunZip(
  source: AccountRunZipSource,
  sink: TreeSink,
  exportedAt: Date,
): Promise<AccountRunZipCounts> {
  const { run } = source;
  const format = run.zipFormat ?? 'md';
  const tables = deflatedTables(exportedAt.getTime());
  const index: IndexEntry[] = [];
  const report: ArchiveReport = {
    asked: { format, fileName: null, filter: source.selection },
    conversations: [],
    failed: [],
    filteredOut: 0,
    notInTables: 0,
    export: null,
  };
  const counts: AccountRunZipCounts = { written: 0, failed: 0, notFetched: 0 };
  const sorted = [...source.items].sort((a, b) => (a.document ?? '').localeCompare(b.document ?? ''));
  for (const item of sorted) {
    const named = { id: item.id, title: item.title };
    const fetched = item.state === 'done' && item.document !== null;
    const record = fetched ? await source.record(item.id) : undefined;
    // Of a conversation not fetched only its title and project are known: the days cannot leave it out.
    const selection = fetched
      ? source.selection
      : { ...source.selection, since: undefined, until: undefined };
    if (!isRunItemSelected(item, record, selection)) {
      report.filteredOut += 1;
      continue;
    }
    if (item.state === 'failed') {
      counts.failed += 1;
      report.failed.push({ ...named, warning: item.error ?? 'It could not be fetched.' });
      continue;
    }
    if (item.state === 'pending' || item.document === null) {
      counts.notFetched += 1;
      const warning =
        item.state === 'pending' ? whyNotFetched(run) : 'Fetched before the run kept files for a ZIP.';
      report.failed.push({ ...named, warning });
      continue;
    }
    for (const file of await source.filesOf(item.id))
      await sink.file({ path: file.path, content: [file.content], compress: file.compress });
    if (record === undefined) report.notInTables += 1;
    else await tables.addRecord(record);
    index.push({ path: item.document, title: item.title, day: startDayOf(record) });
    report.conversations.push({ ...named, path: item.document });
    counts.written += 1;
  }
  await closeArchive(sink, { format, index, tables, report });
  return counts;
}

/** What a run's ZIP holds, in a sentence the page shows. */
export function accountRunZipSummary(counts: AccountRunZipCounts): string {
  const missing = counts.failed + counts.notFetched;
  const written = `${countOf(counts.written, 'conversation')} in the ZIP`;
  return missing === 0
    ? `${written}.`
    : `${written}; ${missing} listed but missing, each named in report.json.`;
}
