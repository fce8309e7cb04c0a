import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightedCode } from '@/lib/export/code-highlight';
import { CODE_LANGUAGES } from '@/lib/export/code-languages';
import { markdownHtml } from '@/lib/export/html-markdown';

/** export-format "HTML": code blocks coloured by their language, the code itself untouched and inert. */
const SPAN = /<span class="hl-(?:comment|string|number|keyword|name)">|<\/span>/g;
const unescaped = (html: string): string =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

const code = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({
    unit: fc.constantFrom(
      'if ',
      'x',
      '1',
      '0x1f',
      '"',
      "'",
      '`',
      '\\',
      '//',
      '/*',
      '*/',
      '#',
      '--',
      '<!--',
      '-->',
      '<a',
      '>',
      '&',
      '\n',
      ' ',
      'é',
      'def',
      'SELECT',
    ),
    maxLength: 30,
  }),
);

describe('code highlighting', () => {
  it('keeps the code exactly, escaped, with only its own spans, well nested', () => {
    const languages = [...new Set(CODE_LANGUAGES.keys())];
    fc.assert(
      fc.property(code, fc.constantFrom(...languages), (text, language) => {
        const html = highlightedCode(text, language);
        if (text === '') return;
        const markup = html.match(/<[^>]*>/g) ?? [];
        expect(markup.every((tag) => /^<span class="hl-[a-z]+">$|^<\/span>$/.test(tag))).toBe(true);
        expect(unescaped(html.replace(SPAN, ''))).toBe(text);
        expect(html.replace(SPAN, '')).not.toMatch(/[<>"]|&(?!amp;|lt;|gt;|quot;)/);
        const opened = (html.match(/<span/g) ?? []).length;
        expect((html.match(/<\/span>/g) ?? []).length).toBe(opened);
        expect(html).not.toMatch(/<span[^>]*>[^<]*<span/);
      }),
      { numRuns: 3_000 },
    );
  });

  it('colours what each kind of token is', () => {
    expect(highlightedCode('def total(costs):\n    # the sum\n    return sum(costs) + 1.5', 'python')).toBe(
      '<span class="hl-keyword">def</span> total(costs):\n    <span class="hl-comment"># the sum</span>\n    <span class="hl-keyword">return</span> sum(costs) + <span class="hl-number">1.5</span>',
    );
    expect(highlightedCode('const s = "a // b"; // note', 'js')).toBe(
      '<span class="hl-keyword">const</span> s = <span class="hl-string">&quot;a // b&quot;</span>; <span class="hl-comment">// note</span>',
    );
    expect(highlightedCode('select * From t -- all', 'sql')).toBe(
      '<span class="hl-keyword">select</span> * <span class="hl-keyword">From</span> t <span class="hl-comment">-- all</span>',
    );
    expect(highlightedCode('{"key": "value", "n": 2}', 'json')).toBe(
      '{<span class="hl-name">&quot;key&quot;</span>: <span class="hl-string">&quot;value&quot;</span>, <span class="hl-name">&quot;n&quot;</span>: <span class="hl-number">2</span>}',
    );
    expect(highlightedCode('<script>alert(1)</script>', 'html')).toBe(
      '<span class="hl-name">&lt;script</span><span class="hl-name">&gt;</span>alert(1)<span class="hl-name">&lt;/script</span><span class="hl-name">&gt;</span>',
    );
  });

  it('leaves a block of no known language to the renderer, plain', () => {
    expect(highlightedCode('x = 1', 'cobol')).toBe('');
    expect(highlightedCode('x = 1', '')).toBe('');
    expect(markdownHtml('```cobol\nDISPLAY "<b>"\n```')).toBe(
      '<pre><code class="language-cobol">DISPLAY &quot;&lt;b&gt;&quot;\n</code></pre>\n',
    );
    expect(markdownHtml('```python\nx = "<b>"\n```')).toBe(
      '<pre><code class="language-python">x = <span class="hl-string">&quot;&lt;b&gt;&quot;</span>\n</code></pre>\n',
    );
  });
});
