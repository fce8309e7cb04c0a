import type { Inspected } from '@/features/feature';
import { csvRecord } from '@/lib/export/csv-record';
import type { QueryReport } from './queries';
import { shownQueryText } from './shown-query';

/** What the CSV reads of an inspection: the conversation's id and its queries. */
type WithQueries = Inspected<{ queries: QueryReport }>;

/**
 * The search queries of a conversation as CSV (export-format "CSV of the search queries"), one row per query,
 * in the exports' one CSV dialect (lib/export/csv-record.ts).
 */
export const CSV_HEADER = ['conversation_id', 'turn_index', 'message_id', 'kind', 'source', 'query'] as const;

/** One header, then a row per query of each conversation given (a data export holds many). */
export function exportQueriesCsv(inspections: WithQueries | readonly WithQueries[]): string {
  let csv = csvRecord(CSV_HEADER);
  for (const inspection of Array.isArray(inspections) ? inspections : [inspections]) {
    const conversationId = inspection.conversation.id ?? '';
    for (const query of inspection.queries.queries) {
      csv += csvRecord([
        conversationId,
        String(query.turnIndex),
        query.messageId,
        query.kind,
        query.source,
        shownQueryText(query),
      ]);
    }
  }
  return csv;
}
