import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownHtml } from '@/lib/export/html-markdown';
import { plainMarkdownHtml } from '@/lib/export/html-plain-markdown';
import { bodyBlocks } from '@/lib/export/markdown-export';
import { inspect } from '@/lib/insights/inspection';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { bothFormats, EXPORTED_AT } from './rich-inspection';

/**
 * export-format "HTML": plain Markdown written directly is exactly what markdown-it makes of it, whatever
 * the text holds; what is not plain is left to markdown-it.
 */

/**
 * Pieces of a line: mostly words, spaces and the markup plain text may hold, often glued together where
 * CommonMark's rules turn on a single neighbour, and now and then anything CommonMark reads.
 */
const piece = fc.oneof(
  {
    weight: 14,
    arbitrary: fc.constantFrom('word', 'Foo', 'é', '東京', '42', 'a_b', 'x', '—', '🙂', 'snake_case'),
  },
  { weight: 10, arbitrary: fc.constant(' ') },
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      '**',
      '*',
      '_',
      '`',
      '(',
      ')',
      '.',
      ':',
      ',',
      '"',
      "'",
      '?',
      '!',
      '<',
      '>',
      '&',
      '~',
      ']',
      '-',
      '#',
      '[guide](<https://www.guide.example/article/21-0>)',
      '[a page](https://example.com/a_b?q=1&x=2#top)',
      '[spaced](<https://example.com/a b>)',
      '[odd](<https://example.com/(x)>)',
      '[x](<https://example.com/é>)',
      '[escaped](<https://example.com/a\\_b>)',
      '[escaped](https://example.com/a\\_b)',
      '`code`',
      '`a**b`',
      '**bold**',
      '**Note:**',
      '*it*',
      '_it_',
      '_"quoted"_',
      '\\*',
      '\\_',
      '\\`',
      '\\[',
      '\\\\',
      '\\a',
      '\\<',
      '\\&',
      '\\|',
      '\\#',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '__',
      '***',
      '``',
      '[',
      '&amp;',
      '&#35;',
      '~~',
      '\\',
      '|',
      '+',
      '=',
      '\t',
      '\u00a0',
      '\u2028',
      '\0',
      '\r',
      '  ',
      '[script](javascript:alert(1))',
      '[mail](mailto:a@b.c)',
      '[rel](/path)',
      '[x] ',
      '[x]: https://example.com',
      '` spaced `',
      '<https://example.com>',
      '<b>',
      '![alt](https://example.com/a.png)',
    ),
  },
);
/** A word, or one wrapped in markup as answers wrap them, with punctuation around it. */
const word = fc.constantFrom(
  'word',
  'Foo',
  'é',
  '東京',
  '42',
  'a_b',
  '🙂',
  'two words',
  '"quoted"',
  '(aside)',
);
const wrapped = fc
  .tuple(
    fc.constantFrom('', '', '(', '"', '—'),
    fc.constantFrom('**', '*', '_', '`', '', ''),
    word,
    fc.constantFrom('', '', '', ':', '.', ','),
    fc.constantFrom('', '', '.', ',', ':', ')', '?', 's'),
  )
  .map(([before, marker, text, inside, after]) => `${before}${marker}${text}${inside}${marker}${after}`);
const words = fc
  .tuple(fc.array(fc.oneof({ weight: 12, arbitrary: wrapped }, piece), { maxLength: 6 }), fc.nat(3))
  .map(([pieces, glued]) => pieces.join(glued === 0 ? '' : ' '));
const lineStart = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('', '- ', '1. ', '3. ', '#### ') },
  fc.constantFrom(
    '1) ',
    '* ',
    '+ ',
    '# ',
    '####### ',
    '> ',
    '    ',
    ' ',
    '```',
    '~~~',
    '---',
    '===',
    '<div>',
    '[x]: ',
  ),
);
const line = fc.tuple(lineStart, words).map(([start, text]) => start + text);
/** Any lines, blank or not: mostly not plain, so what is taken as plain is tried hard. */
const anyMarkdown = fc
  .array(fc.oneof({ weight: 4, arbitrary: line }, fc.constant('')), { maxLength: 6 })
  .map((lines) => lines.join('\n'));

/** Text shaped as answers are: paragraphs, headings and short lists, one after another. */
const tidyWords = fc
  .tuple(fc.array(wrapped, { minLength: 1, maxLength: 6 }), fc.nat(4))
  .map(([pieces, glued]) => pieces.join(glued === 0 ? '' : ' '));
/** A line that carries on the one before it, indented or not. */
const continued = fc
  .tuple(fc.constantFrom('', '', ' ', '  ', '   ', '    ', '      '), tidyWords)
  .map(([indentation, text]) => `\n${indentation}${text}`);
const lines = fc
  .tuple(tidyWords, fc.array(continued, { maxLength: 2 }))
  .map(([first, rest]) => first + rest.join(''));
/** What code holds: anything, a would-be closing fence among it. */
const codeLine = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.tuple(fc.constantFrom('', '  ', '\t'), words).map(([indent, text]) => indent + text),
  },
  fc.constantFrom(
    '',
    'a | b \\ c ~~ ![x] &amp;',
    '  ```',
    '    ```',
    '``',
    '````',
    '```js',
    '> not a quote',
    '\u00a0',
  ),
);
const fence = fc
  .tuple(
    fc.constantFrom('```', '````', '```js', '```python', '``` ts extra', '```unknown', '```a\\b', '```x`y'),
    fc.array(codeLine, { maxLength: 4 }),
    fc.constantFrom('```', '````', '   ```', '```  ', '``'),
  )
  .map(([opening, code, closing]) => [opening, ...code, closing].join('\n'));
const quote = fc
  .array(fc.oneof({ weight: 3, arbitrary: lines }, fc.constant('')), { minLength: 1, maxLength: 3 })
  .chain((quoted) =>
    fc.constantFrom('> ', '>').map((marker) =>
      quoted
        .join('\n')
        .split('\n')
        .map((text) => (text === '' ? '>' : `${marker}${text}`))
        .join('\n'),
    ),
  );
/** A table's row: cells of words, with or without the outer pipes. */
const row = fc
  .tuple(
    fc.array(fc.oneof(tidyWords, fc.constantFrom('', ' ', '**b**', '`c`', '- x', '# h')), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.nat(3),
  )
  .map(([cells, outer]) => {
    const inner = cells.join(outer === 0 ? '|' : ' | ');
    return outer < 2 ? inner : `| ${inner} |`;
  });
const delimiterRow = fc.oneof(
  fc
    .array(fc.constantFrom('---', ':---', '---:', ':-:', '-', ' --- '), { minLength: 1, maxLength: 4 })
    .chain((cells) => fc.constantFrom(cells.join('|'), `|${cells.join('|')}|`, `| ${cells.join(' | ')} |`)),
  fc.constantFrom('---', '- | -', '|', '-:|', ':|:', '|-|x|', '||---|'),
);
const indentedRow = fc
  .tuple(fc.constantFrom(' ', '   ', '    '), row)
  .map(([indentation, cells]) => indentation + cells);
const table = fc
  .tuple(
    row,
    delimiterRow,
    fc.array(fc.oneof({ weight: 6, arbitrary: row }, tidyWords, indentedRow), { maxLength: 3 }),
  )
  .map(([header, delimiter, rows]) => [header, delimiter, ...rows].join('\n'));
const block = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.array(lines, { minLength: 1, maxLength: 3 }).map((paragraph) => paragraph.join('\n')),
  },
  tidyWords.map((text) => `#### ${text}`),
  fc
    .tuple(fc.constantFrom('- ', '1. ', '4. ', '10. '), fc.array(lines, { minLength: 1, maxLength: 3 }))
    .map(([marker, items]) => items.map((item) => `${marker}${item}`).join('\n')),
  fence,
  quote,
  table,
);
const answerMarkdown = fc
  .array(fc.tuple(block, fc.constantFrom('\n\n', '\n\n', '\n')), { minLength: 1, maxLength: 5 })
  .map((blocks) => blocks.map(([text, after]) => text + after).join(''))
  .map((text) => `### Assistant\n\n${text}Done.`);

/** What was written directly that holds markup of its own: the comparisons that matter most. */
const MARKUP_WRITTEN = /<(?:strong|em|a|code|li|h\d|pre|blockquote|table)[ >]/;

/** Typical answers: each is plain, and written directly. */
const TYPICAL = [
  '### Assistant\n\nLisbon: - **Three days before:** go to bed an hour earlier.\n- **On the plane:** sleep.\n\nExpect roughly one day per zone. ([guide](<https://www.guide.example/article/21-0>), [news](<https://www.news.example/article/21-2>))',
  'A menu that works for everyone:\n\n1. **Starter:** roasted red pepper dip (muhammara) with crudités.\n2. **Main:** chickpea curry; basmati rice.\n\nFor 8, plan about 2.5 kg of curry. Check the label —\nsome contain shrimp paste.',
  '#### Steps\n\nRun `npm install`, then open [the docs](https://example.com/docs_v2).\n\n- one\n- two\n\nThat is *all*.',
  '### User\n\nWhat\'s worth buying for a small balcony garden if I want it to last "years"?',
  '_Searched: "balcony garden", "balcony garden reddit"_',
  'Prices run 3 < 5 and 7 > 2 here & there; snake_case_names stay as they are.',
  'Start with the plan:\n\n```sql\nEXPLAIN (ANALYZE, BUFFERS)\nSELECT * FROM orders WHERE a | b;\n```\n\nThen `UPDATE ... SET\nbalance = balance - $1` it.',
  'Under $150:\n\n| Model | Why |\n|---|:---:|\n| Sony WH-1000XM5 | **Best** ANC |\n| Bose | Comfort |\n\nAt $150, buy the Sony.',
  '### Assistant\n\n> _Reasoning_\n>\n> Clarifying the request\n> The user asks: "Plan a trip."',
  'Pack light:\n\n- **Wear:** trail runners, hiking trousers,\n  merino T-shirt.\n- **Kit:** 2 L water capacity, headlamp,\n  power bank.\n\nSkip cotton.',
];

describe('plain Markdown written as HTML', () => {
  it('equals what markdown-it makes of it, or is left to it', () => {
    let written = 0;
    fc.assert(
      fc.property(fc.oneof(anyMarkdown, answerMarkdown), (text) => {
        const html = plainMarkdownHtml(text);
        if (html === null) return;
        if (MARKUP_WRITTEN.test(html)) written += 1;
        expect(html).toBe(markdownHtml(text));
      }),
      { numRuns: 20_000 },
    );
    // Much of what is generated is plain and holds markup: the comparison above ran on it.
    expect(written).toBeGreaterThan(600);
  });

  it('writes tables as markdown-it does, whatever their rows and delimiters', () => {
    let tables = 0;
    fc.assert(
      fc.property(table, (rows) => {
        const text = `Intro\n\n${rows}\n\nDone.`;
        const html = plainMarkdownHtml(text);
        if (html === null) return;
        if (html.includes('<table>')) tables += 1;
        expect(html).toBe(markdownHtml(text));
      }),
      { numRuns: 10_000 },
    );
    // Tables are written directly often enough that the comparison above ran on them.
    expect(tables).toBeGreaterThan(100);
  });

  it("writes each replica conversation's blocks as markdown-it does, in both shapes", () => {
    let written = 0;
    const names = (Object.keys(FIXTURE_IDS) as FixtureName[]).filter((name) => name !== 'tenThousand');
    for (const name of names) {
      for (const conversation of Object.values(bothFormats(name))) {
        for (const block of bodyBlocks(inspect({ conversation }), { exportedAt: EXPORTED_AT })) {
          if (typeof block !== 'string') continue;
          const html = plainMarkdownHtml(block);
          if (html === null) continue;
          written += 1;
          expect(html, block).toBe(markdownHtml(block));
        }
      }
    }
    expect(written).toBeGreaterThan(100);
  });

  it('writes typical answers directly, as markdown-it does', () => {
    for (const text of TYPICAL) {
      const html = plainMarkdownHtml(`\n\n${text}`);
      expect(html, text).not.toBeNull();
      expect(html).toBe(markdownHtml(`\n\n${text}`));
    }
  });

  it.each([
    ['a code block left open', 'Text\n\n```js\nx'],
    ['a table with a lazy row', '| a | b |\n| - | - |\n| 1 | 2 |\nlazy'],
    ['a pipe outside a table', 'a | b'],
    ['a quote with a lazy line', 'Text\n\n> quoted\nlazy'],
    ['a loose list', 'Text\n\n- a\n\n- b'],
    ['a nested list', 'Text\n\n- a\n  - b'],
    ['a list at its start', '- a\n- b\n\nText'],
    ['a list at its end', 'Text\n\n- a\n- b'],
    ['a backslash line break', 'a \\\nb'],
    ['an escaped pipe in a table', '| a \\| b |\n| - |'],
    ['an entity', 'a &amp; b'],
    ['nested emphasis', '**a *b* c**'],
    ['a link to a script', '[x](javascript:alert(1))'],
    ['an autolink', 'see <https://example.com>'],
    ['a hard line break', 'a  \nb'],
  ])('leaves %s to markdown-it', (_what, text) => {
    expect(plainMarkdownHtml(text)).toBeNull();
  });
});
