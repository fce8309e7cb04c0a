import type { Inspected } from '@/features/feature';
import { csvRecord } from '@/lib/export/csv-record';
import type { WebSource } from './sources';

/** What the CSV reads of an inspection: the conversation's id and its pages. */
type WithSources = Inspected<{ sources: readonly WebSource[] }>;

/**
 * The web pages of a conversation as CSV (export-format "CSV of the sources";
 * `inspect --format sources-csv`): one row per page and turn, the rows of the JSON's `sources[]`, in the
 * exports' one CSV dialect (lib/export/csv-record.ts). `cited` and `retrieved` are `true` or `false`; an unknown title, domain
 * or attribution is an empty field.
 */
export const SOURCES_CSV_HEADER = [
  'conversation_id',
  'turn_index',
  'message_id',
  'url',
  'title',
  'domain',
  'attribution',
  'cited',
  'retrieved',
] as const;

/** One header, then a row per page of each conversation given (a data export holds many). */
export function exportSourcesCsv(inspections: WithSources | readonly WithSources[]): string {
  let csv = csvRecord(SOURCES_CSV_HEADER);
  for (const inspection of Array.isArray(inspections) ? inspections : [inspections]) {
    const conversationId = inspection.conversation.id ?? '';
    for (const source of inspection.sources) {
      csv += csvRecord([
        conversationId,
        String(source.turnIndex),
        source.messageId,
        source.url,
        source.title ?? '',
        source.domain ?? '',
        source.attribution ?? '',
        String(source.cited),
        String(source.retrieved),
      ]);
    }
  }
  return csv;
}
