/**
 * Between two columns of a row's search text: no needle typed in a search box holds it, so a match never
 * spans two columns.
 */
const COLUMN_BREAK = '\u0000';

/** A row's search text: its visible text columns, lower-cased once when the rows are built. */
export function searchTextOf(columns: readonly (string | null)[]): string {
  let text = '';
  for (const column of columns) {
    if (column !== null) text += (text === '' ? '' : COLUMN_BREAK) + column.toLowerCase();
  }
  return text;
}

/**
 * Rows with their search texts beside them, so the text filter is one `includes` per row: typing into the
 * filter of a 100,000-row table lowers no text but the needle (architecture "The library").
 */
export class SearchableRows<T> {
  readonly #rows: readonly T[];
  readonly #texts: readonly string[];

  constructor(rows: readonly T[], texts: readonly string[]) {
    this.#rows = rows;
    this.#texts = texts;
  }

  /** The rows whose text holds `text` in any case, in their order. */
  matching(text: string): T[] {
    if (text === '') return [...this.#rows];
    const needle = text.toLowerCase();
    const texts = this.#texts;
    const found: T[] = [];
    for (let index = 0; index < texts.length; index += 1) {
      if (texts[index]?.includes(needle)) found.push(this.#rows[index] as T);
    }
    return found;
  }
}
