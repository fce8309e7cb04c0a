import * as v from 'valibot';
import { cleanSourceUrl, pageKey } from '@/lib/insights/source-url';
import type { KeptConversation, KeptTurn } from '@/lib/library/kept-record';
import { flag, itemOf, listOf, text, texts, whole } from '@/lib/library/record-schema';
import type { NormalizedMessage } from '@/lib/model/conversation';
import type { CitationPiece } from './citation-markers';
import type { WebSource } from './sources';

/** A page as the library keeps it; a page without a link is no page: it is dropped. */
const KEPT_PAGE = v.object({
  url: v.pipe(
    v.string(),
    v.transform((url) => cleanSourceUrl(url)),
    v.string(),
  ),
  title: text,
  domain: text,
  retrieved: flag,
  cited: flag,
  /** How often the answer cites it: its citation markers, at least 1 for a cited page. */
  citations: v.pipe(
    whole,
    v.transform((count) => Math.max(0, count ?? 0)),
  ),
  /** Its place, from 1, in the results of the search that returned it; null when only cited. */
  rank: v.pipe(
    whole,
    v.transform((rank) => (rank !== null && rank >= 1 ? rank : null)),
  ),
  /**
   * The queries of the search call that returned it. A call that ran several queries returns one list of
   * results, so each of them may have found it; empty for a page only cited.
   */
  foundBy: texts,
});

export type LibraryPage = v.InferOutput<typeof KEPT_PAGE>;

/** The sources' member of a kept turn (lens/library/library-record.ts adds it to every turn). */
export interface TurnPages {
  pages: LibraryPage[];
}

/** What the sources' code reads of a kept conversation: its turns' pages. */
export type SourcesConversation = KeptConversation<KeptTurn & TurnPages>;

/** The pages of a kept turn: those that read. */
export const KEPT_PAGES = listOf(itemOf(KEPT_PAGE));

/** A piece's words: text and names, not the citations set apart (pages, notes) nor the site's own Markdown. */
function shownWords(piece: CitationPiece): string {
  if (piece.kind === 'text' || piece.kind === 'words') return piece.text;
  return piece.kind === 'named' ? piece.things.map((thing) => thing.label).join(', ') : '';
}

/** The text an answer shows: its own text with each citation marker's words, or its text as sent. */
export function shownAnswerText(
  message: NormalizedMessage,
  pieces: readonly CitationPiece[] | undefined,
): string {
  if (pieces === undefined) return message.text;
  return pieces.map(shownWords).join('');
}

/** How often each page is cited in a turn's pieces: once per citation marker that names it. */
export function citationCounts(pieces: readonly CitationPiece[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const piece of pieces) {
    // A video or an image is linked by name; its page is cited all the same.
    const urls =
      piece.kind === 'pages'
        ? piece.pages.map((page) => page.url)
        : piece.kind === 'named'
          ? piece.things.flatMap((thing) => (thing.url === null ? [] : [thing.url]))
          : [];
    for (const key of new Set(urls.map(pageKey))) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** A page of the inspection as the library keeps it, cited as often as its turn's markers say. */
export function keptPageOf(
  source: WebSource,
  counts: ReadonlyMap<string, number>,
  foundBy: string[],
): LibraryPage {
  const citations = counts.get(pageKey(source.url)) ?? 0;
  return {
    url: source.url,
    title: source.title,
    domain: source.domain,
    retrieved: source.retrieved,
    cited: source.cited,
    citations: source.cited ? Math.max(citations, 1) : citations,
    rank: source.rank,
    foundBy,
  };
}
