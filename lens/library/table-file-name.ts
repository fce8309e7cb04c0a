import type { LibraryTableName } from './library-tables';

/**
 * The name of a table's file beside the joined table's (export-format "Library tables"): the joined table is
 * the name given, each other table that name with its own name before the extension (`result.csv`,
 * `result.ads.csv`, `result.offers.csv`), so the three sort together. A name without the format's extension
 * gets the table's name and the extension added.
 */
export function tableFileName(joinedName: string, table: LibraryTableName, extension: string): string {
  if (table === 'joined') return joinedName;
  const suffix = `.${extension}`;
  const stem = joinedName.toLowerCase().endsWith(suffix.toLowerCase())
    ? joinedName.slice(0, -suffix.length)
    : joinedName;
  return `${stem}.${table}${suffix}`;
}
