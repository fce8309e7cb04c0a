import { inScope, type LibraryFilter, NO_FILTER, type RowScope, scopeKey } from './library-filter';
import { SearchableRows } from './searchable-rows';

/** A row of a table read straight from the records, with what its filters read. */
export interface ScopedRow<T> {
  row: T;
  scope: RowScope;
  /** searchable-rows.ts */
  text: string;
}

const UNSCOPED = scopeKey(NO_FILTER);

/**
 * One table of the library page: the rows of a scope (the filters but the text) worked out once and kept
 * while only the text changes, the unfiltered ones from the start, so typing costs one pass over them.
 */
export class ScopedGrid<T> {
  readonly #rowsIn: (filter: LibraryFilter) => SearchableRows<T>;
  readonly #unscoped: SearchableRows<T>;
  #lastScope = UNSCOPED;
  #lastRows: SearchableRows<T>;

  constructor(rowsIn: (filter: LibraryFilter) => SearchableRows<T>) {
    this.#rowsIn = rowsIn;
    this.#unscoped = rowsIn(NO_FILTER);
    this.#lastRows = this.#unscoped;
  }

  rows(filter: LibraryFilter): T[] {
    return this.#scoped(filter).matching(filter.text);
  }

  #scoped(filter: LibraryFilter): SearchableRows<T> {
    const scope = scopeKey(filter);
    if (scope === UNSCOPED) return this.#unscoped;
    if (scope !== this.#lastScope) {
      this.#lastRows = this.#rowsIn(filter);
      this.#lastScope = scope;
    }
    return this.#lastRows;
  }
}

/** A table whose rows are the records' own, one each: a scope keeps some of them. */
export function flatGrid<T>(rows: readonly ScopedRow<T>[]): ScopedGrid<T> {
  return new ScopedGrid((filter) => {
    const kept: T[] = [];
    const texts: string[] = [];
    for (const { row, scope, text } of rows) {
      if (!inScope(scope, filter)) continue;
      kept.push(row);
      texts.push(text);
    }
    return new SearchableRows(kept, texts);
  });
}
