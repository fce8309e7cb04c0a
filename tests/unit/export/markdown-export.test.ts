import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '@/features/index';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import { noAdsListed, parseAdsResponse } from '@/lib/model/ad-record';
import { type NormalizedMessage, notLoaded } from '@/lib/model/conversation';
import type { Product } from '@/lib/model/product-entity';
import { conversationOf, message, user } from '@/tests/unit/insights/build-conversation';
import { arbitraryInspection } from './arbitrary-inspection';
import { parsedValue } from './rich-inspection';

const EXPORTED_AT = new Date('2026-11-20T09:30:00Z');

/**
 * The `##` headings of an inspection's Markdown: the transcript's, then the first line of each feature's
 * section, in the order of FEATURES (architecture "Features").
 */
const sectionsOf = (inspection: Inspection): string[] => [
  '## Transcript',
  ...FEATURES.flatMap((feature) =>
    feature.markdown === 'transcript' ? [] : feature.markdown(inspection).split('\n', 1),
  ),
];

function markdownOf(
  messages: NormalizedMessage[],
  extra: Partial<Parameters<typeof inspect>[0]> = {},
): string {
  return exportMarkdown(inspect({ conversation: conversationOf(messages), ...extra }), {
    exportedAt: EXPORTED_AT,
  });
}

/** The YAML front matter as key -> value, reading double-quoted scalars as YAML 1.2 does (7.3.1). */
function readFrontMatter(markdown: string): Record<string, string | null> {
  const end = markdown.indexOf('\n---\n', 4);
  expect(markdown.startsWith('---\n')).toBe(true);
  const values: Record<string, string | null> = {};
  for (const line of markdown.slice(4, end).split('\n')) {
    const match = /^([a-z]+): (null|"((?:[^"\\]|\\.)*)")$/u.exec(line);
    if (match === null) throw new Error(`not a plain key and quoted value: ${JSON.stringify(line)}`);
    const [, key = '', , quoted] = match;
    values[key] =
      quoted === undefined
        ? null
        : quoted.replace(/\\(x[0-9a-f]{2}|u[0-9a-f]{4}|.)/giu, (_escape, code: string) => {
            if (/^[xu]/i.test(code) && code.length > 1)
              return String.fromCharCode(Number.parseInt(code.slice(1), 16));
            return ({ n: '\n', r: '\r', t: '\t' } as Record<string, string>)[code] ?? code;
          });
  }
  return values;
}

/**
 * Lines outside fenced code blocks, the way a CommonMark reader sees them. 2.1: CR, LF and CRLF end a
 * line. 4.5: a fence is up to three spaces, then three or more backticks whose info string holds no
 * backtick, or three or more tildes; it is closed by a bare fence of the same character, at least as long.
 */
function linesOutsideCode(markdown: string): string[] {
  const outside: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split(/\r\n?|\n/)) {
    const marker = /^ {0,3}(`{3,}(?=[^`]*$)|~{3,})/.exec(line)?.[1];
    if (fence === null && marker !== undefined) fence = marker;
    else if (
      fence !== null &&
      marker !== undefined &&
      marker[0] === fence[0] &&
      marker.length >= fence.length &&
      line.trim() === marker
    )
      fence = null;
    else if (fence === null) outside.push(line);
  }
  return outside;
}

describe('exportMarkdown: front matter', () => {
  it('holds title, id, url, ISO dates and model, each readable back to the same value', () => {
    const title = 'yes: "quoted" \\ back\nslash --- # not a comment\u0085\u2028 \u0007';
    const markdown = exportMarkdown(
      inspect({
        conversation: conversationOf([], {
          id: 'abc-123',
          title,
          createTimeMs: Date.UTC(2026, 10, 20, 8),
          updateTimeMs: null,
          modelSlug: 'gpt-5-1',
        }),
      }),
      { exportedAt: EXPORTED_AT },
    );
    expect(readFrontMatter(markdown)).toEqual({
      title,
      id: 'abc-123',
      url: 'https://chatgpt.com/c/abc-123',
      created: '2026-11-20T08:00:00.000Z',
      updated: null,
      model: 'gpt-5-1',
      exported: '2026-11-20T09:30:00.000Z',
    });
  });

  it('writes a url for an id holding half a surrogate pair, which encodeURIComponent refuses (found by fuzzing)', () => {
    const conversation = conversationOf([], { id: 'ab\udfffc' });
    const markdown = exportMarkdown(inspect({ conversation }), { exportedAt: EXPORTED_AT });
    expect(readFrontMatter(markdown).url).toBe('https://chatgpt.com/c/ab%EF%BF%BDc');
  });
});

describe('exportMarkdown: transcript', () => {
  it('shows visible messages under speaker headings and leaves hidden ones out', () => {
    const markdown = markdownOf([
      message({ id: 's', role: 'system', text: 'SYSTEM PROMPT', hidden: true }),
      user('ctx', 'CUSTOM INSTRUCTIONS', { hidden: true }),
      user('u1', 'Which pan?'),
      message({ id: 'a1', text: 'A **cast-iron** one.' }),
    ]);
    expect(markdown).not.toContain('SYSTEM PROMPT');
    expect(markdown).not.toContain('CUSTOM INSTRUCTIONS');
    expect(markdown).toContain('### User\n\nWhich pan?\n\n### Assistant\n\nA **cast-iron** one.');
  });

  it('writes hidden messages and whole tool output, marked as such, when the user asks for them', () => {
    const conversation = conversationOf([
      message({ id: 's', role: 'system', text: 'SYSTEM PROMPT', hidden: true }),
      user('u1', 'Which pan?'),
      message({ id: 'out', role: 'tool', authorName: 'web.run', text: 'Found 9 results.\nsecond line' }),
      message({ id: 'a1', text: 'A cast-iron one.' }),
    ]);
    const markdown = exportMarkdown(inspect({ conversation }), {
      exportedAt: EXPORTED_AT,
      includeHiddenAndTools: true,
    });
    expect(markdown).toContain('### System\n\n> _Hidden message_\n>\n> SYSTEM PROMPT');
    expect(markdown).toContain('> _web.run output_\n>\n> Found 9 results.\n> second line');
    expect(markdown).toContain('A cast-iron one.');
  });

  it('marks a thinking preamble and summarizes tool calls in one line', () => {
    const markdown = markdownOf([
      user('u1', 'Find skillets'),
      message({ id: 'p', text: "I'll search for that.", preamble: true }),
      message({
        id: 'call',
        recipient: 'web.run',
        contentType: 'code',
        text: '```json\n{"search_query":[{"q":"cast iron skillet"},{"q":"carbon steel pan"}],"open":[{"ref_id":"turn0search1"}]}\n```',
      }),
      message({ id: 'py', recipient: 'python', contentType: 'code', text: '```\nprint(1)\n```' }),
      message({ id: 'out', role: 'tool', authorName: 'web.run', text: 'Found 9 results.\nsecond line' }),
      message({ id: 'a', text: 'Here you go.' }),
    ]);
    expect(markdown).toContain("> _Thinking preamble_\n>\n> I'll search for that.");
    expect(markdown).toContain(
      '_Searched: "cast iron skillet", "carbon steel pan" · Opened: "turn0search1"_',
    );
    expect(markdown).toContain('_Called python_');
    expect(markdown).not.toContain('print(1)');
    expect(markdown).toContain('_web.run: Found 9 results._');
    expect(markdown).not.toContain('second line');
  });

  it("keeps code blocks, nests the answer's headings under its speaker and closes a fence left open", () => {
    const inspection = inspect({
      conversation: conversationOf([
        user('u1', 'Code?'),
        message({
          id: 'a1',
          text: '# Plan\n\n```python\n# not a heading\nprint("hi")\n```\n\n## Ads\nnot our section',
        }),
        message({ id: 'a2', text: 'Cut off:\n```js\nconst x = 1;' }),
      ]),
    });
    const markdown = exportMarkdown(inspection, { exportedAt: EXPORTED_AT });
    expect(markdown).toContain('#### Plan\n\n```python\n# not a heading\nprint("hi")\n```');
    expect(markdown).toContain('##### Ads\nnot our section');
    expect(markdown).toContain('```js\nconst x = 1;\n```');
    expect(linesOutsideCode(markdown).filter((line) => line.startsWith('## '))).toEqual(
      sectionsOf(inspection),
    );
  });
  it('shows an unclosed HTML comment or <script> of an answer as text, so the sections after it stay visible', () => {
    const markdown = markdownOf([
      user('u1', 'HTML?'),
      message({ id: 'a1', text: 'Like this:\n<!-- note\n  <script>alert(1)' }),
    ]);
    expect(markdown).toContain('Like this:\n\\<!-- note\n  \\<script>alert(1)');
  });
});

describe('exportMarkdown: sections', () => {
  it('says in one line when a section has nothing', () => {
    const markdown = markdownOf([user('u1', 'Hi'), message({ id: 'a1', text: 'Hello.' })]);
    expect(markdown).toContain('## Search queries\n\nNo search queries were found.');
    expect(markdown).toContain('## Ads\n\nNo ads response was captured for this conversation.');
    expect(markdown).toContain('## Product offers\n\nNo product offers were captured.');
    const noAds = parsedValue(parseAdsResponse({ requested: 1, delivered: 0, entries_by_turn_id: {} }));
    expect(markdownOf([], { adsReport: noAds })).toContain(
      '## Ads\n\nNo ads were shown (1 requested, 0 delivered).',
    );
    // The ads endpoint had none for the conversation (a 404 or 403): no ads, and no error claimed.
    const noneListed = markdownOf([], { adsReport: noAdsListed() });
    const adsSection = noneListed.slice(
      noneListed.indexOf('## Ads'),
      noneListed.indexOf('## Product offers'),
    );
    expect(adsSection).toMatch(/^## Ads\n\nNo ads were shown\.\n/);
    expect(adsSection).not.toMatch(/404|403|not found|error|captured/i);
  });

  it('lists queries per turn, headed by the question, with the tree-only warning', () => {
    const conversation = conversationOf(
      [
        user('u1', 'First question'),
        message({ id: 't1', role: 'tool', metadata: { search_model_queries: ['weather | lisbon'] } }),
        user('u2', 'Second'),
      ],
      {
        formatLoads: {
          messages: { loaded: false, complete: false, pages: 0, note: null },
          tree: { loaded: true, complete: true, pages: 1, note: null },
          stream: notLoaded(),
        },
      },
    );
    const markdown = exportMarkdown(inspect({ conversation }), { exportedAt: EXPORTED_AT });
    expect(markdown).toContain('_Only the tree format was loaded;');
    expect(markdown).toContain(
      '### Turn 1: First question\n\n| Kind | Query | Found in |\n| --- | --- | --- |\n| search | weather \\| lisbon | search_model_queries |',
    );
    expect(markdown).not.toContain('Turn 2');
  });

  it('escapes pipes in offer cells so every row keeps its columns', () => {
    const product: Product = {
      id: 'p1',
      title: 'Pan | 26 cm',
      brand: null,
      url: null,
      imageUrls: [],
      rating: null,
      reviewCount: null,
      flags: {
        hasLookupKeyData: true,
        hasIdToTokenMap: false,
        hasCheckoutPayload: false,
        hasCheckoutImageUrls: false,
      },
      offers: [
        {
          merchant: 'Shop|One',
          url: 'https://shop.example/p?a=1|2',
          price: { base: 10, shipping: null, tax: null, total: 12.5, currency: 'EUR' },
          priceText: '€12.50 | incl. VAT',
          strikePrice: null,
          availability: 'in_stock',
          stockText: null,
          deliveryText: 'Tomorrow',
          bestPriceTag: null,
          checkoutable: null,
          provider: null,
          hasUtmSource: false,
        },
      ],
    };
    const markdown = markdownOf([], { products: [product] });
    const rows = markdown.split('\n').filter((line) => line.startsWith('| '));
    const columns = (row: string) => row.split(/(?<!\\)\|/).length;
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map(columns)).size).toBe(1);
    expect(markdown).toContain(
      '| Pan \\| 26 cm | [Shop\\|One](<https://shop.example/p?a=1%7C2>) | 10.00 | – | – | 12.50 |',
    );
  });
});

describe('exportMarkdown: any conversation', () => {
  it('never throws, keeps its sections in order and its front matter closed', () => {
    fc.assert(
      fc.property(arbitraryInspection(), (inspection: Inspection) => {
        const markdown = exportMarkdown(inspection, { exportedAt: EXPORTED_AT });
        expect(Object.keys(readFrontMatter(markdown))).toHaveLength(7);
        expect(linesOutsideCode(markdown).filter((line) => line.startsWith('## '))).toEqual(
          sectionsOf(inspection),
        );
      }),
      { numRuns: 200 },
    );
  });
});
