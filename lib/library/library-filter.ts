/** What the library page's grids are filtered by (architecture "The library"). */
export interface LibraryFilter {
  /** Case-insensitive, over the row's visible text columns; '' for none. */
  text: string;
  /** Epoch ms, inclusive; the UI makes a day's bounds. */
  from: number | null;
  to: number | null;
  model: string | null;
  conversationId: string | null;
}

export const NO_FILTER: LibraryFilter = { text: '', from: null, to: null, model: null, conversationId: null };

/** Where and when a row happened: all that the filters other than the text read. */
export interface RowScope {
  conversationId: string;
  /** The turn's time, else the conversation's creation. */
  at: number | null;
  /** The turn's model; null when the row has no turn or its turn names none. */
  model: string | null;
  conversationModels: readonly string[];
}

/**
 * Whether a row passes the date, model and conversation filters. A row of unknown date is outside any
 * date range, since nothing shows it inside; a row of unknown model (an offer, an ad of no turn) passes a
 * model its conversation was answered by.
 */
export function inScope(scope: RowScope, filter: LibraryFilter): boolean {
  if (filter.conversationId !== null && scope.conversationId !== filter.conversationId) return false;
  if (filter.from !== null || filter.to !== null) {
    if (scope.at === null) return false;
    if (filter.from !== null && scope.at < filter.from) return false;
    if (filter.to !== null && scope.at > filter.to) return false;
  }
  if (filter.model === null) return true;
  return scope.model === null
    ? scope.conversationModels.includes(filter.model)
    : scope.model === filter.model;
}

/** The filters other than the text, as one value: rows worked out for one are kept while only the text changes. */
export const scopeKey = (filter: LibraryFilter): string =>
  JSON.stringify([filter.from, filter.to, filter.model, filter.conversationId]);
