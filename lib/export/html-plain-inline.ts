import { anchorHtml, escapeHtml } from './html-markdown';

/**
 * The inline text of plain Markdown (html-plain-markdown.ts) as HTML: what markdown-it writes for a
 * paragraph's, a heading's or a list item's text that holds only the markup read here.
 */

/** A letter or digit, which CommonMark counts as neither white space nor punctuation. */
const isWordCharacter = (character: string | undefined): boolean =>
  character !== undefined && /^[\p{L}\p{N}]$/u.test(character);
const isLineEdge = (character: string | undefined): boolean =>
  character === undefined || character === ' ' || character === '\n';
/**
 * Punctuation around a delimiter where it still only opens (after one, before a letter or digit) or only
 * closes (before one, after a letter, a digit or another): CommonMark 6.2's flanking rules.
 */
const OPENING_PUNCTUATION = /^[("'—]$/;
const CLOSING_PUNCTUATION = /^[.,;:!?)'"]$/;
const opensAfter = (before: string | undefined, after: string | undefined): boolean =>
  isLineEdge(before)
    ? after !== undefined && !/\s/.test(after)
    : OPENING_PUNCTUATION.test(before as string) && isWordCharacter(after);
const closesBefore = (before: string | undefined, after: string | undefined): boolean => {
  if (before === undefined || /\s/.test(before)) return false;
  if (isLineEdge(after)) return true;
  return (
    CLOSING_PUNCTUATION.test(after as string) && (isWordCharacter(before) || CLOSING_PUNCTUATION.test(before))
  );
};

/** A link's label: text with nothing inline markup reads, on one line. */
const PLAIN_LABEL = /^[^[\]\\`*_<>!\n]+$/;
/** Destinations markdown-it takes as they are (no escapes; entities are never plain) and as web links. */
const ANGLED_WEB_ADDRESS = /^https?:\/\/[^<>\n`\\]*$/i;
const BARE_WEB_ADDRESS = /^https?:\/\/[^\s()<>`\\\p{Cc}]*$/iu;

const LINE_FEEDS = /\n/g;
const PADDED = /^ (.+) $/;

/** The characters the writer looks at; every other one is text. */
const MARKUP = /[`*_[<\n\\]/g;
/** What a backslash escapes: ASCII punctuation (CommonMark 2.4). */
const ESCAPABLE = /^[!-/:-@[-`{-~]$/;

/**
 * Reads one inline text left to right as CommonMark does for what it admits: escapes, code spans, emphasis
 * that opens after white space and closes before it (or after a letter, before punctuation), never nested,
 * and inline links to web addresses with plain labels. Any other use of those characters makes it give up.
 */
class InlineWriter {
  private html = '';
  private copiedTo = 0;
  private open: { marker: string; tag: string } | null = null;

  constructor(private readonly text: string) {}

  written(): string | null {
    const { text } = this;
    MARKUP.lastIndex = 0;
    for (let match = MARKUP.exec(text); match !== null; match = MARKUP.exec(text)) {
      const at = match.index;
      const next = this.markup(at);
      if (next === null) return null;
      MARKUP.lastIndex = next;
    }
    if (this.open !== null) return null;
    this.copyText(text.length);
    return this.html;
  }

  private copyText(to: number): void {
    if (to > this.copiedTo) this.html += escapeHtml(this.text.slice(this.copiedTo, to));
    this.copiedTo = to;
  }

  /** Writes the markup at `at`; where reading goes on, or null when the text is not plain. */
  private markup(at: number): number | null {
    const character = this.text[at];
    if (character === '\n') return this.lineBreak(at);
    if (character === '\\') return this.escape(at);
    if (character === '`') return this.codeSpan(at);
    if (character === '[') return this.link(at);
    if (character === '<') return isLineEdge(this.text[at + 1]) ? at + 1 : null;
    return this.delimiter(at);
  }

  /** A soft break: kept, and the next line's indentation left out (markdown-it's newline rule). */
  private lineBreak(at: number): number {
    let next = at + 1;
    while (this.text[next] === ' ') next += 1;
    this.copyText(at + 1);
    this.copiedTo = next;
    return next;
  }

  /** An escaped character as text; a backslash before anything else is itself, before a line break a hard break. */
  private escape(at: number): number | null {
    const next = this.text[at + 1];
    if (next === undefined || next === '\n') return null;
    if (!ESCAPABLE.test(next)) return at + 1;
    this.copyText(at);
    this.html += escapeHtml(next);
    this.copiedTo = at + 2;
    return at + 2;
  }

  /** A code span of single backticks: line breaks read as spaces, one space each side taken off. */
  private codeSpan(at: number): number | null {
    const { text } = this;
    const close = text.indexOf('`', at + 1);
    if (close < 0 || text[at + 1] === '`' || text[close + 1] === '`') return null;
    const code = text
      .slice(at + 1, close)
      .replace(LINE_FEEDS, ' ')
      .replace(PADDED, '$1');
    this.copyText(at);
    this.html += `<code>${escapeHtml(code)}</code>`;
    this.copiedTo = close + 1;
    return close + 1;
  }

  private link(at: number): number | null {
    const { text } = this;
    const labelEnd = text.indexOf('](', at + 1);
    if (labelEnd < 0) return null;
    const label = text.slice(at + 1, labelEnd);
    if (!PLAIN_LABEL.test(label)) return null;
    const start = labelEnd + 2;
    const angled = text[start] === '<';
    const end = angled ? text.indexOf('>', start) : text.indexOf(')', start);
    if (end < 0) return null;
    const address = text.slice(angled ? start + 1 : start, end);
    const after = angled ? end + 1 : end;
    if (text[after] !== ')') return null;
    if (!(angled ? ANGLED_WEB_ADDRESS : BARE_WEB_ADDRESS).test(address)) return null;
    this.copyText(at);
    this.html += anchorHtml(label, address);
    this.copiedTo = after + 1;
    return after + 1;
  }

  /** A run of `*` or `_`: emphasis opened or closed, an underscore inside a word, or not plain. */
  private delimiter(at: number): number | null {
    const { text } = this;
    const marker = text[at] as string;
    let end = at + 1;
    while (text[end] === marker) end += 1;
    const run = end - at;
    const before = text[at - 1];
    const after = text[end];
    if (marker === '_' && run === 1 && isWordCharacter(before) && isWordCharacter(after)) return end;
    if (run > (marker === '*' ? 2 : 1)) return null;
    const delimiter = marker.repeat(run);
    if (opensAfter(before, after) && this.open === null) {
      this.copyText(at);
      this.open = { marker: delimiter, tag: run === 2 ? 'strong' : 'em' };
      this.html += `<${this.open.tag}>`;
    } else if (closesBefore(before, after) && this.open?.marker === delimiter) {
      this.copyText(at);
      this.html += `</${this.open.tag}>`;
      this.open = null;
    } else return null;
    this.copiedTo = end;
    return end;
  }
}

/** An inline text as HTML, or null when it holds markup this does not read. */
export const plainInlineHtml = (text: string): string | null => new InlineWriter(text).written();
