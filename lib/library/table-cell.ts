import { isoTime } from '@/lib/export/iso-time';
import type { Cell, ColumnType } from './table-column';

/**
 * A row's value as its column's type holds it, else null: every writer reads cells through this, so a record
 * of another shape (one kept by an older version, or damaged) gives an empty field instead of a file that
 * disagrees with its schema or a writer that throws. A time keeps whole milliseconds within the range a Date
 * holds, which is what ISO 8601 and a Parquet timestamp both write.
 */
export function cellOf(type: ColumnType, value: unknown): Cell {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
    case 'timestamp':
      return typeof value === 'number' && isoTime(value) !== null ? Math.trunc(value) : null;
  }
}
