import type { SearchQuery } from './queries';

/**
 * What a query reads as wherever it is shown: an open of a page the conversation names, by that page's
 * address (its reference id, `turn0search2`, means nothing to a reader); every other query as written.
 */
export const shownQueryText = (query: Pick<SearchQuery, 'text' | 'page'>): string =>
  query.page?.url ?? query.text;
