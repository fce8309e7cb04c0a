import type { QueryOrigin, SearchQuery } from './queries';
import { shownQueryText } from './shown-query';

/** The rows of the queries list: a heading for each turn, then that turn's queries. */
export type QueryRow =
  | { type: 'turn'; turnIndex: number; count: number }
  | { type: 'query'; query: SearchQuery; turnIndex: number };

/** Case-insensitive; every word of the filter must appear, so "skillet 2026" finds "best cast iron skillet 2026". */
export function filterQueries(queries: readonly SearchQuery[], filter: string): SearchQuery[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...queries];
  return queries.filter((query) => {
    const text = `${shownQueryText(query)} ${query.page?.title ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Queries come in turn order (extractQueries); a turn's heading counts what is listed under it. */
export function queryRows(queries: readonly SearchQuery[]): QueryRow[] {
  const rows: QueryRow[] = [];
  let heading: Extract<QueryRow, { type: 'turn' }> | null = null;
  for (const query of queries) {
    if (heading === null || heading.turnIndex !== query.turnIndex) {
      heading = { type: 'turn', turnIndex: query.turnIndex, count: 0 };
      rows.push(heading);
    }
    heading.count += 1;
    rows.push({ type: 'query', query, turnIndex: query.turnIndex });
  }
  return rows;
}

/** What "Copy all" puts on the clipboard: one query a line, as a list a user pastes into a search tool. */
export const queriesAsLines = (queries: readonly SearchQuery[]): string =>
  queries.map(shownQueryText).join('\n');

/** site-interface 2.4: where the query was read, in words a reader knows. */
export const QUERY_SOURCE_LABELS: Record<QueryOrigin, string> = {
  search_model_queries: 'model queries',
  map_search_model_queries: 'map queries',
  search_queries: 'older search queries',
  'web.run': 'web.run call',
};
