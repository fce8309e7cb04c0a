/**
 * Putting text that is not ours into Markdown (CommonMark with GFM tables) without it changing the
 * document around it: a title cannot open emphasis or a link, a query cannot split a table row, an answer
 * cannot close our code fence or add a section at our heading level.
 */

/** Characters that start inline markup anywhere in a line (CommonMark 6, GFM tables and strikethrough). */
const INLINE_MARKUP = /[\\`*[\]<>|~]/g;
/** An underscore opens emphasis only at a word boundary: `image_card_v2` stays readable as it is. */
const BOUNDARY_UNDERSCORE = /(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;
/** `&amp;` and `&#35;` would be read as entities; a lone `&` (AT&T) is plain. */
const ENTITY_LIKE = /&(?=#?[A-Za-z0-9]+;)/g;
/** A closing run of `#` would be taken off a heading as its closing sequence (CommonMark 4.2). */
const CLOSING_HASHES = /(^|\s)(#+)$/;
/** Line breaks (also U+2028/U+2029 and NEL) and runs of white space inside one line of ours. */
const WHITE_SPACE_RUN = /[\s\u0085]+/g;
/** White space other than single spaces: what putting a text on one line changes. */
const NOT_ONE_LINE = /[^\S ]|\u0085| {2}/;

/** The text on one line, each run of white space a single space. Most texts are so already and not copied. */
function onOneLine(text: string): string {
  return NOT_ONE_LINE.test(text) ? text.replace(WHITE_SPACE_RUN, ' ') : text;
}

/** Anything the rules below would change; most titles and names hold none of it and are returned as they are. */
const NEEDS_INLINE_WORK = new RegExp(`[\\\\\`*[\\]<>|~_&#]|${NOT_ONE_LINE.source}|^ | $`);

/** Text as it reads inside a line of Markdown (a heading, a list item, a table cell): on one line, inert. */
export function inlineText(text: string): string {
  if (!NEEDS_INLINE_WORK.test(text)) return text;
  return onOneLine(text)
    .trim()
    .replace(INLINE_MARKUP, '\\$&')
    .replace(BOUNDARY_UNDERSCORE, '\\_')
    .replace(ENTITY_LIKE, '\\&')
    .replace(CLOSING_HASHES, '$1\\$2');
}

/** The first `maxLength` characters of a one-line text, with an ellipsis when it was longer. */
export function shortened(text: string, maxLength: number): string {
  const oneLine = onOneLine(text).trim();
  // No more UTF-16 units than allowed is no more characters either: most texts are not split into them.
  if (oneLine.length <= maxLength) return oneLine;
  const characters = [...oneLine];
  return characters.length <= maxLength
    ? oneLine
    : `${characters
        .slice(0, maxLength - 1)
        .join('')
        .trimEnd()}…`;
}

/** A code span whose fence is longer than any backtick run inside (CommonMark 6.1). */
export function codeSpan(text: string): string {
  const oneLine = onOneLine(text);
  const longestRun = (oneLine.match(/`+/g) ?? []).reduce((longest, run) => Math.max(longest, run.length), 0);
  const fence = '`'.repeat(longestRun + 1);
  const padded =
    oneLine.startsWith('`') || oneLine.endsWith('`') || oneLine === '' ? ` ${oneLine} ` : oneLine;
  return `${fence}${padded}${fence}`;
}

/**
 * Only web links are made clickable: a link from the service (site-interface 4.3 and site-interface 2.5) with
 * another scheme (javascript:, data:) is shown as text, so opening the export in a viewer cannot run it.
 */
const WEB_LINK = /^https?:/i;

/** A URL as a clickable autolink; anything but a web link is shown as code instead. */
export function autolink(url: string): string {
  // CommonMark 6.5: an autolink holds no white space, no control character and no < or >.
  if (!WEB_LINK.test(url) || !/^[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>\p{Cc}]*$/u.test(url))
    return codeSpan(url);
  return `<${url}>`;
}

/**
 * Links come from the service (site-interface 4.3 and site-interface 2.5): <, >, spaces and line breaks would
 * end the destination, | a table row.
 */
const ENDS_DESTINATION = /[\s<>\\|]/;
const ENDS_DESTINATION_ALL = new RegExp(ENDS_DESTINATION, 'g');

/** A link to `url` labelled `label` (both from outside); plain text when the URL is no web link. */
export function link(label: string, url: string | null): string {
  const text = inlineText(label);
  if (url === null || !WEB_LINK.test(url)) return text;
  // Most links hold none of them: tested first, as the replacing costs more than the test.
  const destination = ENDS_DESTINATION.test(url)
    ? url.replace(ENDS_DESTINATION_ALL, (character) => encodeURIComponent(character))
    : url;
  return `[${text}](<${destination}>)`;
}

/** Each line quoted; blank lines stay inside the quote. */
export function blockquote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * What could open or close a code fence, or start a heading or an HTML block, at a line's start: the only
 * lines containMarkdown may change or must look at. Tested at each line's start (sticky).
 */
const BLOCK_START = / {0,3}[#`~<]/y;
const LINE_BREAK = /\r\n?/g;
/** CommonMark 4.5: a backtick fence's info string holds no backtick; a tilde fence's may. */
const FENCE = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/;
const ATX_HEADING = /^( {0,3})(#{1,6})(?=\s|$)/;
/** CommonMark 4.6, HTML blocks 1 to 5: left open, they hide everything after them when rendered. */
const OPEN_ENDED_HTML =
  /^( {0,3})(?=<(?:!--|\?|![A-Za-z]|!\[CDATA\[|(?:script|pre|style|textarea)(?:[\s>]|$)))/i;

/** A line outside code: its heading moved down (never deeper than level 6), an open-ended HTML block made text. */
function containedLine(line: string, minHeadingLevel: number): string {
  return line
    .replace(
      ATX_HEADING,
      (_heading, indent: string, hashes: string) =>
        `${indent}${'#'.repeat(Math.min(6, hashes.length + minHeadingLevel - 1))}`,
    )
    .replace(OPEN_ENDED_HTML, '$1\\');
}

/** Where the first line from `from` on that could start a block begins; -1 when none does. Lines end at LF. */
function nextBlockStart(text: string, from: number): number {
  for (let start = from; start <= text.length; ) {
    BLOCK_START.lastIndex = start;
    if (BLOCK_START.test(text)) return start;
    const lineFeed = text.indexOf('\n', start);
    if (lineFeed < 0) return -1;
    start = lineFeed + 1;
  }
  return -1;
}

/**
 * A message's own Markdown inside ours: its headings move down so they nest under the message heading
 * (never deeper than level 6), a code fence it leaves open (a cut-off answer) is closed, and a raw HTML
 * comment or <script>/<pre> block is shown as text, so none of them can swallow the rest of the document.
 * Lines inside code stay as they are.
 */
export function containMarkdown(text: string, minHeadingLevel: number): string {
  // CommonMark 2.1: CR, LF and CRLF all end a line, so all three are written as LF.
  const source = text.includes('\r') ? text.replace(LINE_BREAK, '\n') : text;
  // Only the lines that could start a block are visited; the text between them is copied as it is.
  let contained = '';
  let copiedTo = 0;
  let openFence: string | null = null;
  let start = nextBlockStart(source, 0);
  while (start >= 0) {
    const lineFeed = source.indexOf('\n', start);
    const end = lineFeed < 0 ? source.length : lineFeed;
    const line = source.slice(start, end);
    const fence = FENCE.exec(line)?.[1];
    if (openFence !== null) {
      // CommonMark 4.5: a closing fence is of the same character and at least as long.
      const closes = fence !== undefined && fence[0] === openFence[0] && fence.length >= openFence.length;
      if (closes && line.trim() === fence) openFence = null;
    } else if (fence !== undefined) {
      openFence = fence;
    } else {
      const replaced = containedLine(line, minHeadingLevel);
      if (replaced !== line) {
        contained += source.slice(copiedTo, start) + replaced;
        copiedTo = end;
      }
    }
    start = nextBlockStart(source, end + 1);
  }
  return `${contained}${source.slice(copiedTo)}${openFence === null ? '' : `\n${openFence}`}`;
}
