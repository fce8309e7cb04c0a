import MarkdownIt from 'markdown-it';
import { highlightedCode } from './code-highlight';

/**
 * The Markdown export's text as HTML (export-format "HTML"): CommonMark with GitHub tables and
 * strikethrough, as the Markdown export writes it. A conversation's text is not ours, so nothing in it may
 * become markup of its own: raw HTML is shown as text, only web, mail and relative links become links, and
 * an image becomes a link to it, so that opening the file loads nothing and runs nothing.
 */
const renderer = new MarkdownIt('default', {
  html: false,
  linkify: false,
  typographer: false,
  highlight: highlightedCode,
});

/** A scheme at the start of a link: `javascript:`, `data:`, `https:`. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const ALLOWED_SCHEME = /^(?:https?|mailto):/i;

/**
 * Whether a link's destination may be followed. It is already percent-encoded (`normalizeLink`), so white
 * space or a control character cannot hide a scheme from the test.
 */
export function isSafeLink(url: string): boolean {
  // Most links are to the web: told apart without a regular expression.
  if (url.startsWith('https://') || url.startsWith('http://')) return true;
  return !SCHEME.test(url) || ALLOWED_SCHEME.test(url);
}

renderer.validateLink = isSafeLink;

// The rules the options above turn off still run, and answer no, at every line or every character that
// could start them: taken out, they cost nothing. Each begins by testing its option, so nothing else changes.
renderer.disable(['linkify', 'replacements', 'smartquotes', 'html_block', 'html_inline']);

/** CommonMark 2.1 and 2.3: CR and CRLF end a line as LF does, and NUL is read as U+FFFD. */
const CARRIAGE_RETURN = /\r\n?/g;
const NUL = /\0/g;

// markdown-it's own normalising rewrites every line break, LF as LF, copying the whole text each time (about
// a twentieth of the page); only the CRs and NULs are replaced here, and only in a text that holds one.
renderer.core.ruler.at('normalize', (state) => {
  if (state.src.includes('\r')) state.src = state.src.replace(CARRIAGE_RETURN, '\n');
  if (state.src.includes('\0')) state.src = state.src.replace(NUL, '\uFFFD');
});

// A link's address only percent-encoded, and shown only decoded: parsing each address to recode an
// international host name cost a fifth of the page, and a browser recodes the host itself.
const { mdurl } = renderer.utils.lib;
renderer.normalizeLink = (url) => encodeLink(url);
renderer.normalizeLinkText = (url) => mdurl.decode(url, `${mdurl.decode.defaultChars}%`);

/**
 * The images the page holds itself, by the address the Markdown gives them: each a `data:` URI, which its
 * policy allows (export-format "Images and files").
 */
export interface HtmlEnvironment {
  inlineImages?: ReadonlyMap<string, string>;
}

// An image would be a request when the file is opened (and blocked by its policy): it is shown as a link to
// the image, labelled with its description, unless the page holds the image itself.
renderer.renderer.rules.image = (tokens, index, options, env: HtmlEnvironment, self) => {
  const token = tokens[index];
  const source = String(token?.attrGet('src') ?? '');
  const label = self.renderInlineAsText(token?.children ?? [], options, env).trim() || 'image';
  const inline = env.inlineImages?.get(source);
  if (inline !== undefined)
    return `<img class="image" src="${renderer.utils.escapeHtml(inline)}" alt="${renderer.utils.escapeHtml(label)}">`;
  const text = `Image: ${renderer.utils.escapeHtml(label)}`;
  return source === ''
    ? `<span class="image">${text}</span>`
    : `<a class="image" href="${renderer.utils.escapeHtml(source)}">${text}</a>`;
};

// A link whose text is its address (`<https://…>`) is marked, so a printout does not repeat the address.
const renderLinkOpen = renderer.renderer.rules.link_open;
renderer.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token?.markup === 'autolink') token.attrSet('class', 'bare');
  return renderLinkOpen === undefined
    ? self.renderToken(tokens, index, options)
    : renderLinkOpen(tokens, index, options, env, self);
};

/** Anything; a regular expression reads its subject as one flat string, so testing it makes it one. */
const ANY = /^/;

/**
 * The text as one flat string. HTML is built by appending many small strings; kept until the page is joined,
 * those appends cost more in collections than writing them (export-format "HTML"), so a piece that is kept
 * is made one string at once.
 */
export function flattened(text: string): string {
  ANY.test(text);
  return text;
}

/** Markdown as HTML, every character of its text escaped, as one flat string. */
export function markdownHtml(markdown: string, environment: HtmlEnvironment = {}): string {
  return flattened(renderer.render(markdown, environment));
}

/**
 * What `mdurl.encode` leaves as it is: letters, digits and the characters it keeps (no `%`, whose escapes it
 * checks). Most addresses are only these, and testing for them costs less than encoding.
 */
const KEPT_AS_IS = /^[A-Za-z0-9;/?:@&=+$,\-_.!~*'()#]*$/;

/** A link's address as the renderer writes it into `href`, before escaping (`normalizeLink` above). */
const encodeLink = (url: string): string => (KEPT_AS_IS.test(url) ? url : mdurl.encode(url));

/** Text as HTML text or an attribute's value. */
export function escapeHtml(text: string): string {
  return renderer.utils.escapeHtml(text);
}
