import { CODE_LANGUAGES, type CodeLanguage } from './code-languages';

/**
 * Code blocks of the HTML export coloured by their language (export-format "HTML"): comments, strings,
 * numbers, keywords and names, found in one pass of one regular expression per language, so colouring the
 * code of a long conversation costs little beside rendering it. A block whose language is not known, or not
 * named, stays plain. Every piece of the code is escaped; the only markup is the spans around them.
 */

/** What the renderer escapes in text: the same four characters, the same entities. */
const NEEDS_ESCAPE = /[&<>"]/;
const ESCAPED: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escaped = (text: string): string =>
  NEEDS_ESCAPE.test(text) ? text.replace(/[&<>"]/g, (character) => ESCAPED[character] as string) : text;

const span = (kind: string, text: string): string => `<span class="hl-${kind}">${escaped(text)}</span>`;

/** The kinds of token a language's pattern names, as its named groups. */
const KINDS = ['comment', 'string', 'number', 'name', 'word'] as const;

function highlighted(code: string, language: CodeLanguage): string {
  // The language's own pattern, its `lastIndex` set: the loop below runs to its end without yielding.
  const { pattern } = language;
  pattern.lastIndex = 0;
  let html = '';
  let from = 0;
  for (let match = pattern.exec(code); match !== null; match = pattern.exec(code)) {
    const found = match[0];
    if (found === '') {
      pattern.lastIndex += 1;
      continue;
    }
    const kind = KINDS.find((name) => match.groups?.[name] !== undefined);
    const keyword = language.keywords.has(language.caseless === true ? found.toLowerCase() : found);
    if (kind === undefined || (kind === 'word' && !keyword)) continue;
    html += escaped(code.slice(from, match.index)) + span(kind === 'word' ? 'keyword' : kind, found);
    from = match.index + found.length;
  }
  return html + escaped(code.slice(from));
}

/** The code as highlighted HTML, or '' to leave it to the renderer's plain, escaped block. */
export function highlightedCode(code: string, info: string): string {
  const name = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const language = CODE_LANGUAGES.get(name);
  return language === undefined || code === '' ? '' : highlighted(code, language);
}
