import { highlightedCode } from './code-highlight';
import { escapeHtml } from './html-markdown';
import { plainInlineHtml } from './html-plain-inline';

/**
 * The plainest Markdown written as HTML directly (export-format "HTML"). Most answers are paragraphs, tight
 * lists, headings, code blocks and quotes, with bold, italics, code spans and web links inside them, and
 * reading those through markdown-it was most of the HTML export's time. A text with anything more in it (a
 * table, a nested or loose list, an entity, an escape, an image, raw HTML, indentation outside code) is left
 * to markdown-it: the answer is null. What is written is the very HTML markdown-it makes of the text;
 * tests/unit/export/html-plain-markdown.test.ts holds the two ways equal.
 */

/** Read differently once markdown-it has normalised the text (CommonMark 2.1 and 2.3), even inside code. */
const NORMALISED = /[\0\r]/;
/**
 * Outside code, what only markdown-it reads rightly: tables' pipes, tabs (which count as columns),
 * strikethrough, images and entities. White space at a line's start or end (indentation, a hard break, what
 * `trim` takes off a paragraph) is tested line by line.
 */
const NOT_PLAIN = /[|\t\v\f\u2028\u2029]|~~|!\[|&#?[A-Za-z0-9]+;/;
/** The same, but for a table's `|`, which only a table's lines may hold, and never escaped. */
const NOT_PLAIN_IN_TABLES = /[\t\v\f\u2028\u2029]|~~|!\[|&#?[A-Za-z0-9]+;|\\\|/;
const WHITE_SPACE = /\s/;

function isWhiteSpaceAt(line: string, at: number): boolean {
  const code = line.charCodeAt(at);
  return code === 0x20 || (code > 0x7f && WHITE_SPACE.test(line.charAt(at)));
}

/** An ATX heading whose text is plain at both ends: a closing run of `#` is the heading's own syntax. */
const HEADING = /^(#{1,6}) ([^\s#]|\S.*[^#])$/;
const BULLET_ITEM = /^- (\S.*)$/;
const ORDERED_ITEM = /^(\d{1,9})\. (\S.*)$/;
/** A backtick fence and its info string, which may hold no backtick (CommonMark 4.5). */
const FENCE_OPENING = /^(`{3,})([^`]*)$/;
const FENCE_CLOSING = /^ {0,3}(`{3,})[ \t]*$/;

/**
 * What a paragraph's line (or an item's text) must not start with: anything that could open another block
 * (a quote, a fence, a heading, a list, raw HTML, a setext underline, a thematic break). Emphasis may start
 * one, as `**Note:**` often does.
 */
const OPENS_OTHER_BLOCK = /^(?:[>#=+\-<]|``|\d{1,9}[.)](?:\s|$)|(?!\*\*?[^\s*_]|_[^\s*_])[*_])/;

/** A paragraph's, a heading's or an item's text as HTML, or null when it is not plain. */
const inlineHtml = (text: string): string | null =>
  OPENS_OTHER_BLOCK.test(text) ? null : plainInlineHtml(text);

type ListKind = 'ul' | 'ol';

interface ListItem {
  kind: ListKind;
  text: string;
  indentation: number;
  /** An ordered list's first number is where it starts. */
  number: number;
}

/** The item a line is, of which kind of list; null for any other line. */
function itemOf(line: string): ListItem | null {
  const first = line.charCodeAt(0);
  if (first !== 0x2d && (first < 0x30 || first > 0x39)) return null;
  const bullet = BULLET_ITEM.exec(line);
  if (bullet !== null) return { kind: 'ul', text: bullet[1] as string, indentation: 2, number: 0 };
  const ordered = ORDERED_ITEM.exec(line);
  if (ordered === null) return null;
  const number = ordered[1] as string;
  return { kind: 'ol', text: ordered[2] as string, indentation: number.length + 2, number: Number(number) };
}

/** A code block as markdown-it's fence rule writes it, coloured by its language (code-highlight.ts). */
function fenceHtml(code: string, info: string): string {
  const language = info.split(/\s+/)[0] ?? '';
  const body = highlightedCode(code, language) || escapeHtml(code);
  const type = info === '' ? '' : ` class="${escapeHtml(`language-${language}`)}"`;
  return `<pre><code${type}>${body}</code></pre>\n`;
}

/** A table's delimiter row: only pipes, dashes, colons and spaces, and no list item (GFM 4.10). */
const DELIMITER_ROW = /^[|:-][|:\- \t]+$/;
const DELIMITER_CELL = /^:?-+:?$/;
/** How many cells markdown-it adds to short rows before it stops reading a table. */
const MAX_ADDED_CELLS = 0x10000;

/** Each column's alignment from the delimiter row, or null when the line is none. */
function columnAlignments(line: string): string[] | null {
  if (!DELIMITER_ROW.test(line) || line.startsWith('- ') || line.startsWith('-\t')) return null;
  const cells = line.split('|');
  const alignments: string[] = [];
  for (let index = 0; index < cells.length; index += 1) {
    const cell = (cells[index] as string).trim();
    if (cell === '') {
      if (index === 0 || index === cells.length - 1) continue;
      return null;
    }
    if (!DELIMITER_CELL.test(cell)) return null;
    const left = cell.startsWith(':');
    alignments.push(cell.endsWith(':') ? (left ? 'center' : 'right') : left ? 'left' : '');
  }
  return alignments;
}

/** A table row's cells, without the empty ones its outer pipes make. */
function rowCells(line: string): string[] {
  const cells = line.trim().split('|');
  if (cells[0] === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

interface Table {
  alignments: string[];
  rows: number;
  /** Cells markdown-it adds to rows shorter than the header. */
  added: number;
}

/**
 * Writes the blocks of a plain text line by line. A list is never its first block, nor does a list's last
 * item end it: joined into a document with the text before or after, it could take in their items.
 */
class BlockWriter {
  private html = '';
  /** The open paragraph's lines, joined. */
  private paragraph: string | null = null;
  private list: ListKind | null = null;
  /** The open list's last item, whose text may go on over the next lines. */
  private item: string | null = null;
  /** Where the item's text begins: after `- `, or after `12. `. */
  private itemIndentation = 0;
  /** The list a blank line just ended: an item of the same kind would make it a loose list. */
  private endedList: ListKind | null = null;
  private fence: { marker: string; info: string; code: string } | null = null;
  /** The open quote's lines, each without its `>`. */
  private quote: string[] | null = null;
  /** A line with a pipe, which only a delimiter row after it makes plain: a table's header. */
  private tableHeader: string | null = null;
  private table: Table | null = null;
  private blocks = 0;
  private lastWasList = false;

  /** `checkLines`: the text holds what is not plain somewhere, so each line outside code is tested. */
  constructor(private readonly checkLines: boolean) {}

  written(markdown: string): string | null {
    for (let start = 0; start <= markdown.length; ) {
      const lineFeed = markdown.indexOf('\n', start);
      const end = lineFeed < 0 ? markdown.length : lineFeed;
      if (!this.line(markdown.slice(start, end))) return null;
      start = end + 1;
    }
    if (this.fence !== null || this.lastWasList || !this.endBlock()) return null;
    return this.html;
  }

  /** Writes or holds one line; false when the text is not plain. */
  private line(line: string): boolean {
    if (this.fence !== null) return this.codeLine(line);
    if (line === '') {
      if (this.list !== null) this.endedList = this.list;
      return this.endBlock();
    }
    if (this.checkLines && NOT_PLAIN_IN_TABLES.test(line)) return false;
    if (isWhiteSpaceAt(line, line.length - 1)) return false;
    if (this.tableHeader !== null) return this.openTable(line);
    if (this.table !== null) return this.tableRow(line);
    if (this.quote !== null) return this.quoteLine(line);
    if (line.charCodeAt(0) === 0x20) return this.continuation(line);
    if (isWhiteSpaceAt(line, 0)) return false;
    // Any line with a pipe is a table's header when a delimiter row follows it, whatever else it could be.
    if (this.checkLines && line.includes('|')) return this.holdTableHeader(line);
    const item = itemOf(line);
    if (this.list !== null && item?.kind !== this.list) return false;
    this.lastWasList = item !== null;
    if (item !== null) return this.listItem(item);
    this.endedList = null;
    if (line.startsWith('#')) {
      const heading = HEADING.exec(line);
      if (heading !== null) return this.heading(heading[1] as string, heading[2] as string);
    }
    if (line.startsWith('```')) return this.openFence(line);
    if (line.startsWith('>')) {
      if (!this.endBlock()) return false;
      this.quote = [];
      return this.quoteLine(line);
    }
    if (OPENS_OTHER_BLOCK.test(line)) return false;
    if (this.paragraph === null) {
      this.paragraph = line;
      this.blocks += 1;
    } else this.paragraph += `\n${line}`;
    return true;
  }

  /**
   * An indented line carries on the paragraph or the item before it, and is nothing else. An item's line
   * loses the indentation of the item's text, as markdown-it reads it; the rest is left to the soft break.
   */
  private continuation(line: string): boolean {
    const text = line.trimStart();
    if (text === '' || isWhiteSpaceAt(text, 0) || OPENS_OTHER_BLOCK.test(text) || text.includes('|'))
      return false;
    if (this.item !== null) {
      const indentation = line.length - text.length;
      this.item += `\n${line.slice(Math.min(indentation, this.itemIndentation))}`;
    } else if (this.paragraph !== null) this.paragraph += `\n${line}`;
    else return false;
    return true;
  }

  private listItem(item: ListItem): boolean {
    if (this.blocks === 0 || item.kind === this.endedList) return false;
    this.endedList = null;
    // An ordered list interrupts a paragraph only when it starts at 1 (CommonMark 5.3).
    if (this.paragraph !== null && item.kind === 'ol' && item.number !== 1) return false;
    if (!this.endParagraph() || !this.endItem()) return false;
    if (this.list === null) {
      const start = item.kind === 'ol' && item.number !== 1 ? ` start="${item.number}"` : '';
      this.html += `<${item.kind}${start}>\n`;
      this.list = item.kind;
      this.blocks += 1;
    }
    this.item = item.text;
    this.itemIndentation = item.indentation;
    return true;
  }

  private heading(hashes: string, text: string): boolean {
    this.blocks += 1;
    return this.endParagraph() && this.inlineBlock(`h${hashes.length}`, text);
  }

  private openFence(line: string): boolean {
    const fence = FENCE_OPENING.exec(line);
    // An info string is read with its escapes and entities: none is plain.
    if (fence === null || /[\\&]/.test(fence[2] as string) || !this.endParagraph()) return false;
    this.fence = { marker: fence[1] as string, info: (fence[2] as string).trim(), code: '' };
    this.blocks += 1;
    return true;
  }

  private codeLine(line: string): boolean {
    const fence = this.fence as NonNullable<BlockWriter['fence']>;
    const closing = FENCE_CLOSING.exec(line);
    if (closing === null || (closing[1] as string).length < fence.marker.length) {
      fence.code += `${line}\n`;
      return true;
    }
    this.html += fenceHtml(fence.code, fence.info);
    this.fence = null;
    return true;
  }

  private holdTableHeader(line: string): boolean {
    if (this.paragraph !== null || this.list !== null) return false;
    this.tableHeader = line;
    this.lastWasList = false;
    this.endedList = null;
    this.blocks += 1;
    return true;
  }

  private openTable(line: string): boolean {
    const alignments = columnAlignments(line);
    const header = rowCells(this.tableHeader as string);
    this.tableHeader = null;
    if (alignments === null || header.length === 0 || header.length !== alignments.length) return false;
    this.table = { alignments, rows: 0, added: 0 };
    this.html += '<table>\n<thead>\n<tr>\n';
    if (!this.cells('th', header)) return false;
    this.html += '</tr>\n</thead>\n';
    return true;
  }

  /**
   * A row of the table: a line with a pipe, not indented (four spaces end a table and start code), that could
   * start no other block; a blank line ends them.
   */
  private tableRow(line: string): boolean {
    const table = this.table as Table;
    if (!line.includes('|') || isWhiteSpaceAt(line, 0) || OPENS_OTHER_BLOCK.test(line)) return false;
    const cells = rowCells(line);
    table.added += table.alignments.length - cells.length;
    if (table.added > MAX_ADDED_CELLS) return false;
    if (table.rows === 0) this.html += '<tbody>\n';
    table.rows += 1;
    this.html += '<tr>\n';
    if (!this.cells('td', cells)) return false;
    this.html += '</tr>\n';
    return true;
  }

  /** A row's cells, as many as the header has: short rows are made up with empty ones. */
  private cells(tag: 'th' | 'td', cells: string[]): boolean {
    const { alignments } = this.table as Table;
    for (let index = 0; index < alignments.length; index += 1) {
      const alignment = alignments[index] as string;
      const inline = plainInlineHtml((cells[index] ?? '').trim());
      if (inline === null) return false;
      const style = alignment === '' ? '' : ` style="text-align:${alignment}"`;
      this.html += `<${tag}${style}>${inline}</${tag}>\n`;
    }
    return true;
  }

  /** A quote's line: its `>` and one space after it taken off. A line without one would be lazy. */
  private quoteLine(line: string): boolean {
    if (!line.startsWith('>')) return false;
    (this.quote as string[]).push(line.slice(line.startsWith('> ') ? 2 : 1));
    return true;
  }

  /** Ends what a blank line (or the text's end) ends: a paragraph, a list, a table, a quote. */
  private endBlock(): boolean {
    if (this.tableHeader !== null || !this.endParagraph() || !this.endItem()) return false;
    if (this.table !== null) {
      this.html += this.table.rows > 0 ? '</tbody>\n</table>\n' : '</table>\n';
      this.table = null;
    }
    if (this.list !== null) {
      this.html += `</${this.list}>\n`;
      this.list = null;
    }
    if (this.quote === null) return true;
    const inner = new BlockWriter(this.checkLines).written(this.quote.join('\n'));
    this.quote = null;
    // An empty quote's tags share a line, as markdown-it writes a tag followed by its own closing.
    this.html += inner === '' ? '<blockquote></blockquote>\n' : `<blockquote>\n${inner}</blockquote>\n`;
    this.blocks += 1;
    return inner !== null;
  }

  private endItem(): boolean {
    const { item } = this;
    this.item = null;
    return item === null || this.inlineBlock('li', item);
  }

  private endParagraph(): boolean {
    const { paragraph } = this;
    this.paragraph = null;
    return paragraph === null || this.inlineBlock('p', paragraph);
  }

  /** An inline text inside its tag; false when it is not plain. */
  private inlineBlock(tag: string, text: string): boolean {
    const inline = inlineHtml(text);
    this.html += `<${tag}>${inline}</${tag}>\n`;
    return inline !== null;
  }
}

/** The text as HTML when it is plain, else null. */
export function plainMarkdownHtml(markdown: string): string | null {
  if (NORMALISED.test(markdown)) return null;
  const checkLines = NOT_PLAIN.test(markdown);
  if (checkLines && !markdown.includes('```') && !markdown.includes('|')) return null;
  return new BlockWriter(checkLines).written(markdown);
}
