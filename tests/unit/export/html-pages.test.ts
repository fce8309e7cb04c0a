import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownHtml } from '@/lib/export/html-markdown';
import { pagesHtml } from '@/lib/export/html-pages';
import { type CitationStyle, turnPages, turnPagesMarkdown } from '@/lib/export/markdown-citations';
import type { WebSource } from '@/lib/insights/sources';

/**
 * export-format "HTML": a turn's pages written directly are exactly what markdown-it makes of their Markdown,
 * whatever the titles, sites and addresses hold; what is not plain is left to markdown-it.
 */
const text = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.stringMatching(
      /^[A-Za-z0-9,.'"()?!:;%=+@{}^$é東—-]([A-Za-z0-9 ,.'"()?!:;%=+@{}^$é東—-]{0,18}[A-Za-z0-9.'"()?!é東])?$/,
    ),
  },
  fc.constantFrom(
    'Time Out',
    'Runner’s World',
    'A "quoted" title',
    'Café — 東京',
    '1. Not a list',
    '# not a heading',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom('a', ' ', '*', '_', '&', '<', '\\', '[', ']', '"', '\t', '\n', '#', '|', 'é'),
    maxLength: 8,
  }),
);
const url = fc.oneof(
  { weight: 8, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  fc.constantFrom(
    'https://example.com/a b',
    'https://example.com/é?q="x"&y=<z>',
    'javascript:alert(1)',
    'https://example.com/\\escaped',
    'http://example.com/%zz|pipe',
  ),
);
const source: fc.Arbitrary<WebSource> = fc.record({
  url,
  title: fc.option(text),
  domain: fc.option(text),
  attribution: fc.option(text),
  turnIndex: fc.constant(0),
  messageId: fc.constant('m'),
  cited: fc.boolean(),
  retrieved: fc.boolean(),
  rank: fc.constant(null),
});

describe("a turn's pages as HTML", () => {
  it('equal what markdown-it makes of their Markdown, or are left to it', () => {
    let written = 0;
    fc.assert(
      fc.property(
        fc.array(source, { minLength: 1, maxLength: 5 }),
        fc.constantFrom<CitationStyle>('inline', 'footnotes'),
        fc.option(fc.constant('Assistant')),
        (sources, style, heading) => {
          const footnotes = new Map(sources.map((page, index) => [page.url, index + 1]));
          const pages = turnPages(sources, { style, next: 1 }, footnotes);
          if (pages === null) return;
          const markdown = `\n\n${heading === null ? '' : `### ${heading}\n\n`}${turnPagesMarkdown(pages)}`;
          const html = pagesHtml({ heading, pages, before: '\n\n' });
          if (html === null) return;
          written += 1;
          expect(html).toBe(markdownHtml(markdown));
        },
      ),
      { numRuns: 2_000 },
    );
    // Most pages are plain: the direct way is the one taken, so the comparison above ran.
    expect(written).toBeGreaterThan(400);
  });

  it('leaves footnotes and pages that are not plain to markdown-it', () => {
    const page: WebSource = {
      url: 'https://example.com/',
      title: 'A *starred* title',
      domain: 'example.com',
      attribution: null,
      turnIndex: 0,
      messageId: 'm',
      cited: true,
      retrieved: true,
      rank: 1,
    };
    const pages = turnPages([page], { style: 'inline', next: 1 }, new Map());
    expect(pages).not.toBeNull();
    if (pages === null) return;
    expect(pagesHtml({ heading: null, pages, before: '' })).toBeNull();
    const plain = turnPages([{ ...page, title: 'Plain' }], { style: 'inline', next: 1 }, new Map());
    expect(plain === null ? null : pagesHtml({ heading: 'Assistant', pages: plain, before: '' })).toBe(
      '<h3>Assistant</h3>\n<p><strong>Sources</strong></p>\n<ul>\n<li><a href="https://example.com/">Plain</a> — example.com</li>\n</ul>\n',
    );
  });
});
