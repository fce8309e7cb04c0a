import { beforeRemovedMarker, MAY_HOLD_MARKER, type MarkerReplacement, sweepMarkers } from './citation-sweep';
import {
  type ContentReference,
  MEMORY_NOTE,
  type NamedThing,
  type ReferenceDisplay,
  type ReferencedPage,
} from './content-references';

/**
 * An answer's text with every citation marker resolved to what a reader should see (site-interface 10.5;
 * export-format "Sources and citation markers"): the text is cut into the message's own text and, where each
 * marker stood, what it shows. An exporter renders the pieces (features/sources/markdown-citations.ts); this file
 * knows no Markdown.
 *
 * A reference is found by its `matched_text` first; `start_idx` only picks between several places with the
 * same text, because real offsets are often off or counted in code points instead of UTF-16 units. Markers
 * no reference explains are resolved by their own content (cited ids through the turn's search results, an
 * entity by its name) or removed, and stray private-use characters go (citation-sweep.ts).
 */
export type CitationPiece =
  /** The message's own text (its Markdown), markers removed. */
  | { kind: 'text'; text: string }
  /** Plain words that stand for a marker: an entity's or a product's name. */
  | { kind: 'words'; text: string }
  /** A cited marker: links to its pages. */
  | { kind: 'pages'; pages: ReferencedPage[] }
  /** Things shown by name, each linked when it has a web address: a video, a map's businesses, an image. */
  | { kind: 'named'; things: NamedThing[] }
  /** A citation that is no web page, set apart like cited pages: a cited upload's name, "Memory". */
  | { kind: 'note'; text: string }
  /** The site's own Markdown for a reference of a type not known here. */
  | { kind: 'alt'; markdown: string };

/** The pages a turn's search returned, by the id a marker names them with ("turn0search3"). */
export interface SearchResults {
  get(refId: string): ReferencedPage | undefined;
}

export interface CitationContext {
  references: readonly ContentReference[];
  searchResults: SearchResults;
  /** The message lists a memory it cites (memory-citations.ts): its `memcite` markers are then resolved. */
  citesMemory?: boolean;
}

/**
 * An answer's pieces, and how many of its markers nothing resolves (export-format "`unread`"), counted in
 * the same sweep that cut the pieces: no reference has the marker as its matched_text, its ids name none of
 * the turn's search results, it does not hold what it shows (an entity's name, a result heading's title),
 * and it names no memory the message lists.
 */
export interface ResolvedCitations {
  pieces: CitationPiece[];
  unresolved: number;
  /** The search results markers named by their ids, in order: pages the references do not list. */
  searched: ReferencedPage[];
}

/**
 * A matched_text that is a marker: private-use characters, `【…】`, or a marker whose private-use characters
 * were lost (`citeturn0…`, `entity[…]`, `image_group{…}`, `memcite`). Any other text (a sources_footnote's " ", words of
 * the answer) is the answer's own and is never cut out.
 */
const MARKER_LIKE = /[\ue200-\ue2ff]|^【[\s\S]*】$|^[a-z_]+(?:turn\d|[[{])|^memcite$/;

/** What placing a reference in its text needs of it. */
type Placed = Pick<ContentReference, 'matchedText' | 'startIndex'>;

interface Span<Reference extends Placed = ContentReference> {
  start: number;
  end: number;
  reference: Reference;
}

/** A loop, not `some`: it runs for every reference of every answer, and a callback allocates each time. */
function overlaps(spans: readonly Span<Placed>[], start: number, end: number): boolean {
  for (const span of spans) if (start < span.end && span.start < end) return true;
  return false;
}

/** The free place of `needle` nearest to the hint (the first when there is none). */
function placeOf(
  text: string,
  needle: string,
  hint: number | null,
  taken: readonly Span<Placed>[],
): number | null {
  if (hint !== null && text.startsWith(needle, hint) && !overlaps(taken, hint, hint + needle.length))
    return hint;
  let best: number | null = null;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (overlaps(taken, at, at + needle.length)) continue;
    if (hint === null) return at;
    if (best === null || Math.abs(at - hint) < Math.abs(best - hint)) best = at;
    else break;
  }
  return best;
}

function spansOf<Reference extends Placed>(
  text: string,
  references: readonly Reference[],
): Span<Reference>[] {
  const spans: Span<Reference>[] = [];
  for (const reference of references) {
    const needle = reference.matchedText;
    if (needle === '' || !MARKER_LIKE.test(needle)) continue;
    const start = placeOf(text, needle, reference.startIndex, spans);
    if (start !== null) spans.push({ start, end: start + needle.length, reference });
  }
  // References mostly come in the text's order, and sorting even a few spans allocates.
  let ordered = true;
  for (let index = 1; ordered && index < spans.length; index += 1)
    ordered = (spans[index - 1] as Span<Reference>).start < (spans[index] as Span<Reference>).start;
  return ordered ? spans : spans.sort((a, b) => a.start - b.start);
}

function pieceOfDisplay(display: ReferenceDisplay): CitationPiece | null {
  switch (display.kind) {
    case 'pages':
      return { kind: 'pages', pages: display.pages };
    case 'words':
      return { kind: 'words', text: display.text };
    case 'named':
      return { kind: 'named', things: display.things };
    case 'note':
      return { kind: 'note', text: display.text };
    case 'alt':
      return { kind: 'alt', markdown: display.markdown };
    case 'nothing':
      return null;
  }
}

function pieceOfIds(
  ids: readonly string[],
  searchResults: SearchResults,
): Extract<CitationPiece, { kind: 'pages' }> | null {
  const pages: ReferencedPage[] = [];
  for (const id of ids) {
    const page = searchResults.get(id);
    if (page !== undefined && !pages.includes(page)) pages.push(page);
  }
  return pages.length > 0 ? { kind: 'pages', pages } : null;
}

/**
 * A marker found by the sweep: a reference with the same text (a marker used twice) speaks for it. Each
 * marker nothing resolves is counted in `tally`, and the search results a marker names are listed there.
 */
function unexplained(
  context: CitationContext,
  tally: Omit<ResolvedCitations, 'pieces'>,
): (marker: string, replacement: MarkerReplacement | null) => CitationPiece | null {
  return (marker, replacement) => {
    // Few markers are left to the sweep, so a look along the references costs less than a map for each answer.
    const reference = context.references.find((each) => each.matchedText === marker);
    if (reference !== undefined) return pieceOfDisplay(reference.display);
    let piece: CitationPiece | null = null;
    if (replacement?.kind === 'memory') piece = { kind: 'note', text: MEMORY_NOTE };
    else if (replacement?.kind === 'words') piece = { kind: 'words', text: replacement.text };
    else if (replacement?.kind === 'ids') {
      const named = pieceOfIds(replacement.ids, context.searchResults);
      if (named !== null) tally.searched.push(...named.pages);
      piece = named;
    }
    // A memory marker shows its note either way; it is resolved only when the message lists the memory.
    if (piece === null || (replacement?.kind === 'memory' && context.citesMemory !== true))
      tally.unresolved += 1;
    return piece;
  };
}

function pushText(pieces: CitationPiece[], text: string): void {
  const previous = pieces.at(-1);
  if (previous?.kind === 'text') previous.text += text;
  else if (text !== '') pieces.push({ kind: 'text', text });
}

/** The text as pieces; a text without any marker is one piece, found by one cheap test. */
export const resolveCitations = (text: string, context: CitationContext): CitationPiece[] =>
  readCitations(text, context).pieces;

/** The text as pieces, with its markers nothing resolves counted on the way. */
export function readCitations(text: string, context: CitationContext): ResolvedCitations {
  if (!MAY_HOLD_MARKER.test(text))
    return { pieces: text === '' ? [] : [{ kind: 'text', text }], unresolved: 0, searched: [] };
  const tally: Omit<ResolvedCitations, 'pieces'> = { unresolved: 0, searched: [] };
  const resolve = unexplained(context, tally);
  const pieces: CitationPiece[] = [];
  // The text between two found references; one that shows nothing lets its neighbours meet.
  let between = '';
  const flush = () => {
    // Most text between references holds no marker: it goes in as it is, without a sweep's list.
    if (!MAY_HOLD_MARKER.test(between)) pushText(pieces, between);
    else
      for (const piece of sweepMarkers(between, resolve)) {
        if (typeof piece === 'string') pushText(pieces, piece);
        else pieces.push(piece);
      }
    between = '';
  };
  let last = 0;
  for (const span of spansOf(text, context.references)) {
    between += text.slice(last, span.start);
    last = span.end;
    const piece = pieceOfDisplay(span.reference.display);
    if (piece === null) {
      between = beforeRemovedMarker(between, text[last]);
      continue;
    }
    flush();
    pieces.push(piece);
  }
  between += text.slice(last);
  flush();
  return { pieces, unresolved: tally.unresolved, searched: tally.searched };
}
