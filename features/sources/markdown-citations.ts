import { inlineText, link } from '@/lib/export/markdown-text';
import { hostOf, pageKey } from '@/lib/insights/source-url';
import type { CitationPiece } from './citation-markers';
import { MAY_HOLD_MARKER, withoutMarkers } from './citation-sweep';
import type { NamedThing, ReferencedPage } from './content-references';
import type { WebSource } from './sources';

/**
 * Citations in the Markdown export (export-format "Sources and citation markers"): a cited marker becomes
 * links to its pages, inline (` ([Time Out](…))`, the default) or as footnotes (`[^3]`); a citation that
 * is no page (a file, a memory) a note in parentheses; things shown by name links; and each answer is
 * followed by the pages its turn cited and, apart, those the search returned but the answer did not cite.
 */
export type CitationStyle = 'inline' | 'footnotes';

/** The footnote numbers of the document: counted across it, one per page and turn. */
export interface CitationNumbers {
  style: CitationStyle;
  next: number;
}

/** One turn's footnote numbers, by page. */
export type TurnFootnotes = Map<string, number>;

function footnoteOf(url: string, numbers: CitationNumbers, footnotes: TurnFootnotes): number {
  const key = pageKey(url);
  const known = footnotes.get(key);
  if (known !== undefined) return known;
  const assigned = numbers.next;
  numbers.next += 1;
  footnotes.set(key, assigned);
  return assigned;
}

/** The site's name where the service gives one: the shortest label a reader recognizes. */
function siteLabel(page: ReferencedPage): string {
  return page.attribution ?? hostOf(page.url) ?? page.title ?? page.url;
}

/** `[^3][^4]`, right after the word they cite. */
function footnoteRefs(
  pages: readonly ReferencedPage[],
  numbers: CitationNumbers,
  footnotes: TurnFootnotes,
): string {
  return pages.map((page) => `[^${footnoteOf(page.url, numbers, footnotes)}]`).join('');
}

const WHITE_SPACE = /\s/;

/**
 * ` ([Time Out](…), [Eater](…))` or ` (field-notes.pdf)`: a citation in parentheses, a space apart from
 * the word before (`before`: the text's last part).
 */
function inParentheses(markdown: string, before: string | undefined): string {
  const cited = `(${markdown})`;
  return before === undefined || WHITE_SPACE.test(before.at(-1) ?? '') ? cited : ` ${cited}`;
}

const pageLinks = (pages: readonly ReferencedPage[]): string =>
  pages.map((page) => link(siteLabel(page), page.url)).join(', ');

/** `[Video title](<…>)`, `Casa Lisboa, [Tasca Azul](<…>)`: each thing by name, linked when it has a web address. */
const namedLinks = (things: readonly NamedThing[]): string =>
  things.map((thing) => link(thing.label, thing.url)).join(', ');

/** The text without the spaces and tabs that end it, looked for from its end. */
function withoutTrailingBlanks(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end -= 1;
  return text.slice(0, end);
}

/** The spaces and tabs that end the text taken off, from as many of its last parts as they fill. */
function dropTrailingBlanks(parts: string[]): void {
  for (let last = parts.pop(); last !== undefined; last = parts.pop()) {
    const kept = withoutTrailingBlanks(last);
    if (kept !== '') {
      parts.push(kept);
      return;
    }
  }
}

/**
 * An answer's text with its markers rewritten. A last sweep takes out any marker that words put side by
 * side could still form, so none is ever left.
 */
export function citedMarkdown(
  pieces: readonly CitationPiece[],
  numbers: CitationNumbers,
  footnotes: TurnFootnotes,
): string {
  // Kept in parts, none empty: looking at the end of one growing string would copy all of it each time.
  const parts: string[] = [];
  const add = (text: string) => {
    if (text !== '') parts.push(text);
  };
  for (const piece of pieces) {
    if (piece.kind === 'text') add(piece.text);
    else if (piece.kind === 'words') add(inlineText(piece.text));
    else if (piece.kind === 'alt') add(piece.markdown);
    else if (piece.kind === 'named') add(namedLinks(piece.things));
    // A note has no page to number: it stays in the text in both styles.
    else if (piece.kind === 'note') add(inParentheses(inlineText(piece.text), parts.at(-1)));
    else if (numbers.style === 'footnotes') {
      dropTrailingBlanks(parts);
      add(footnoteRefs(piece.pages, numbers, footnotes));
    } else add(inParentheses(pageLinks(piece.pages), parts.at(-1)));
  }
  const markdown = parts.join('');
  return MAY_HOLD_MARKER.test(markdown) ? withoutMarkers(markdown) : markdown;
}

/** A cited page's label, and the site written after it when that says more (null when it does not). */
export function pageLabels(source: WebSource): { label: string; site: string | null } {
  const label = source.title ?? source.attribution ?? source.domain ?? source.url;
  const site = source.attribution ?? source.domain;
  return { label, site: site === null || site === label ? null : site };
}

function pageLine(source: WebSource): string {
  const { label, site } = pageLabels(source);
  return site === null ? link(label, source.url) : `${link(label, source.url)} — ${inlineText(site)}`;
}

/**
 * A turn's pages as the transcript writes them: what it lists, and their Markdown written when asked for
 * (turnPagesMarkdown).
 */
export interface TurnPages {
  /** The footnotes the turn's markers point to, by number (the footnote style). */
  noted: Array<readonly [number: number, source: WebSource]>;
  /** The cited pages listed under **Sources** (every cited page in the inline style). */
  listed: WebSource[];
  /** The pages the search returned that the answer did not cite. */
  uncited: WebSource[];
}

/**
 * The pages a turn cited: the footnotes its markers point to (footnote style), then a list of the cited
 * pages no footnote holds (all of them in the inline style); then in one compact line the pages the search
 * returned that the answer did not cite. null when there are none.
 */
export function turnPages(
  sources: readonly WebSource[],
  numbers: CitationNumbers,
  footnotes: TurnFootnotes,
): TurnPages | null {
  // Only pages a marker points to become footnotes: renderers drop a footnote nothing refers to.
  const noted: Array<[number, WebSource]> = [];
  const listed: WebSource[] = [];
  const uncited: WebSource[] = [];
  for (const source of sources) {
    if (!source.cited) {
      uncited.push(source);
      continue;
    }
    const number = numbers.style === 'footnotes' ? footnotes.get(pageKey(source.url)) : undefined;
    if (number === undefined) listed.push(source);
    else noted.push([number, source]);
  }
  if (noted.length === 0 && listed.length === 0 && uncited.length === 0) return null;
  noted.sort(([a], [b]) => a - b);
  return { noted, listed, uncited };
}

/** A turn's pages as Markdown. */
export function turnPagesMarkdown({ noted, listed, uncited }: TurnPages): string {
  const blocks = noted.map(([number, source]) => `[^${number}]: ${pageLine(source)}`);
  if (listed.length > 0)
    blocks.push(`**Sources**\n\n${listed.map((source) => `- ${pageLine(source)}`).join('\n')}`);
  if (uncited.length > 0)
    blocks.push(`_Also found by the search, not cited:_ ${uncited.map(uncitedLink).join(' · ')}`);
  return blocks.join('\n\n');
}

/** How a page the answer did not cite is named: its title, else its site, else its address. */
export const uncitedLabel = (source: WebSource): string => source.title ?? source.domain ?? source.url;

const uncitedLink = (source: WebSource): string => link(uncitedLabel(source), source.url);
