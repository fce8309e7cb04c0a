/**
 * Reading the HTML export as a browser would need it to be: every tag closed in order, what loads or runs
 * something, and where its links lead. The export escapes every `<` of text, so each `<` starts a tag.
 */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
]);
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)([^>]*)>/g;
const STYLE_BODY = /(<style>)[^<]*(<\/style>)/g;

/** The page without its style sheet and doctype, whose text is not markup. */
const markupOf = (html: string): string => html.replace(STYLE_BODY, '$1$2').replace(/^<!doctype html>/i, '');

/** Every tag in order: its name, whether it closes, and its attributes' text. */
export function tagsOf(html: string): Array<{ name: string; closing: boolean; attributes: string }> {
  return [...markupOf(html).matchAll(TAG)].map(([, slash, name = '', attributes = '']) => ({
    name: name.toLowerCase(),
    closing: slash === '/',
    attributes,
  }));
}

/** What does not nest: a closing tag without its opening, or an element left open. Empty when well formed. */
function nestingProblems(html: string): string[] {
  const open: string[] = [];
  const problems: string[] = [];
  for (const tag of tagsOf(html)) {
    if (VOID_ELEMENTS.has(tag.name)) continue;
    if (!tag.closing) open.push(tag.name);
    else if (open.at(-1) === tag.name) open.pop();
    else problems.push(`</${tag.name}> closes <${open.at(-1) ?? 'nothing'}>`);
  }
  return [...problems, ...open.map((name) => `<${name}> is never closed`)];
}

/** The value of every attribute `name` of every tag. */
export function attributeValues(html: string, name: string): string[] {
  const attribute = new RegExp(`\\s${name}="([^"]*)"`, 'gi');
  return tagsOf(html).flatMap((tag) =>
    [...tag.attributes.matchAll(attribute)].map(([, value = '']) => value),
  );
}

/** Every attribute name that runs script (`onerror`, `onclick`, …). */
function eventHandlerAttributes(html: string): string[] {
  return tagsOf(html).flatMap((tag) =>
    [...tag.attributes.matchAll(/\s(on[a-z]+)\s*=/gi)].map(([, name = '']) => name),
  );
}

/** The text of the HTML's elements of a name, tags inside removed and the five escapes read back. */
export function textsOf(html: string, element: string): string[] {
  const pattern = new RegExp(`<${element}(?:\\s[^>]*)?>([\\s\\S]*?)</${element}>`, 'g');
  return [...html.matchAll(pattern)].map(([, inner = '']) =>
    inner
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

/** Links a reader may follow: the web, mail, or a place relative to the page. */
const SAFE_HREF = /^(?:https?:|mailto:|[^:]*$|[^:]*[/?#])/i;

/** Elements that run, embed or load something. An `<img>` is checked by its `src` instead. */
const ACTIVE_ELEMENTS = new Set(['script', 'iframe', 'object', 'embed', 'link', 'base', 'form']);

/** The only images a page may show: bytes it holds itself (export-format "Images and files"). */
const HELD_IMAGE = /^data:image\/(?:png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+=*$/;

/**
 * What would let the page run or load anything, or lead a reader anywhere but the web, mail or a relative
 * place, besides what does not nest; one line each, empty for the page the export promises.
 */
export function pageProblems(html: string): string[] {
  return [
    ...nestingProblems(html),
    ...tagsOf(html)
      .filter((tag) => ACTIVE_ELEMENTS.has(tag.name))
      .map((tag) => `<${tag.name}>`),
    ...eventHandlerAttributes(html),
    ...tagsOf(html)
      .filter((tag) => tag.name === 'img' && !/\ssrc="/.test(tag.attributes))
      .map(() => '<img> without src'),
    ...attributeValues(html, 'src')
      .filter((source) => !HELD_IMAGE.test(source))
      .map((source) => `src="${source}"`),
    ...attributeValues(html, 'href')
      .filter((href) => !SAFE_HREF.test(href))
      .map((href) => `href="${href}"`),
  ];
}
