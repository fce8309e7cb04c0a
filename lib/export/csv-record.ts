/*
 * Every CSV of the exports and of the library, RFC 4180: fields with a comma, a double quote, CR or LF are
 * quoted and their quotes doubled; every record ends with CRLF.
 *
 * Fields are written exactly as they are, also when they start with = + - @: a search query such as
 * "-site:pinterest.com oak table" is data, and prefixing it (the usual guard against spreadsheet formulas)
 * would change it for every tool that reads CSV as data.
 * export-format "CSV and spreadsheets: formula injection" explains the choice and how to open the file
 * safely.
 */

const CRLF = '\r\n';
const NEEDS_QUOTES = /[",\r\n]/;

function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record, CRLF included. */
export function csvRecord(fields: readonly string[]): string {
  return fields.map(csvField).join(',') + CRLF;
}
