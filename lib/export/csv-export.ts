import type { Inspection } from '@/lib/insights/inspection';

/**
 * The search queries of a conversation as CSV (export-format "CSV of the search queries"), one row per query,
 * RFC 4180: fields with a comma, a double quote, CR or LF are quoted and their quotes doubled; every record
 * ends with CRLF.
 *
 * Fields are written exactly as the queries are, also when they start with = + - @: a search query such as
 * "-site:pinterest.com oak table" is data, and prefixing it (the usual guard against spreadsheet formulas)
 * would change it for every tool that reads CSV as data.
 * export-format "CSV and spreadsheets: formula injection" explains the choice and how to open the file
 * safely.
 */
export const CSV_HEADER = ['conversation_id', 'turn_index', 'message_id', 'kind', 'source', 'query'] as const;

const CRLF = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;

function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One RFC 4180 record, CRLF included; every CSV of the exports is written with it. */
export function csvRecord(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + CRLF;
}

/** One header, then a row per query of each conversation given (a data export holds many). */
export function exportQueriesCsv(inspections: Inspection | readonly Inspection[]): string {
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
        query.text,
      ]);
    }
  }
  return csv;
}
