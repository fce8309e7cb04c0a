import type { TableTabId } from '@/components/library/tables/TableTabs';
import type { LibraryConversation, LibraryTurn } from '@/lens/library/library-record';

/**
 * What the library page must show, worked out here from the records read raw from the database, by the
 * definitions the page states (architecture "The library"), never by the page's own code.
 */

const prompted = (records: readonly LibraryConversation[]): LibraryTurn[] =>
  records.flatMap((record) => record.turns.filter((turn) => turn.prompt !== null));

/** Links that differ only in a fragment or in trailing slashes are one page. */
const samePageKey = (url: string): string => {
  const parsed = new URL(url);
  parsed.hash = '';
  parsed.pathname = parsed.pathname.replace(/\/+$/, '');
  return parsed.href.replace(/\/(\?|$)/, '$1');
};

export interface ExpectedOverview {
  conversations: number;
  turns: number;
  searches: number;
  searchedTurns: number;
  knownSearchTurns: number;
}

export function expectedOverview(records: readonly LibraryConversation[]): ExpectedOverview {
  const turns = prompted(records);
  return {
    conversations: records.length,
    turns: turns.length,
    searches: records
      .flatMap((record) => record.turns)
      .flatMap((turn) => turn.queries)
      .filter((query) => query.kind === 'search').length,
    searchedTurns: turns.filter((turn) => turn.searched === true).length,
    knownSearchTurns: turns.filter((turn) => turn.searched !== null).length,
  };
}

/** Each turn's cited pages, once per page, with their domain. */
function citedPagesOf(turn: LibraryTurn): Array<{ domain: string | null }> {
  const cited = new Map<string, string | null>();
  for (const page of turn.pages) if (page.cited) cited.set(samePageKey(page.url), page.domain);
  return [...cited.values()].map((domain) => ({ domain }));
}

/** Cited pages by domain over every turn, most first, and the whole. */
export function expectedCitedDomains(records: readonly LibraryConversation[]): {
  domains: Array<[domain: string, count: number]>;
  total: number;
} {
  const counts = new Map<string, number>();
  for (const turn of records.flatMap((record) => record.turns))
    for (const { domain } of citedPagesOf(turn))
      if (domain !== null) counts.set(domain, (counts.get(domain) ?? 0) + 1);
  const domains = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  return { domains, total: domains.reduce((sum, [, count]) => sum + count, 0) };
}

/** The rows of each table whose text holds `needle` ('' for every row), in any case. */
export function expectedRows(
  records: readonly LibraryConversation[],
  needle = '',
): Record<TableTabId, number> {
  const holds = (...texts: Array<string | null>): boolean =>
    texts.some((text) => text?.toLowerCase().includes(needle.toLowerCase()) ?? false);
  const queries = records.flatMap((record) =>
    record.turns.flatMap((turn) =>
      turn.queries.filter((query) => holds(query.text, turn.prompt, record.title)),
    ),
  );
  const pages = new Map<string, boolean>();
  for (const page of records.flatMap((record) => record.turns.flatMap((turn) => turn.pages))) {
    const key = samePageKey(page.url);
    pages.set(key, (pages.get(key) ?? false) || holds(page.url, page.domain, page.title));
  }
  return {
    queries: queries.length,
    pages: [...pages.values()].filter(Boolean).length,
    ads: records.flatMap((record) => record.ads).filter((ad) => holds(ad.advertiser, ad.title, ad.link))
      .length,
    offers: records
      .flatMap((record) => record.offers)
      .filter((offer) => holds(offer.product, offer.brand, offer.merchant)).length,
  };
}

/** Cited pages of the answers (turns with a prompt), once per answer and page, by whose domain they are on. */
export function expectedCitationShare(
  records: readonly LibraryConversation[],
  own: string,
  competitor: string,
): { own: number; competitor: number; other: number } {
  const on = (domain: string | null, brand: string): boolean =>
    domain !== null && (domain === brand || domain.endsWith(`.${brand}`));
  const share = { own: 0, competitor: 0, other: 0 };
  for (const { domain } of prompted(records).flatMap(citedPagesOf)) {
    if (on(domain, own)) share.own += 1;
    else if (on(domain, competitor)) share.competitor += 1;
    else share.other += 1;
  }
  return share;
}
