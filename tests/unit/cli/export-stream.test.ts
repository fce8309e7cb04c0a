import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportQueriesCsv } from '@/features/queries/queries-csv';
import type { CitationStyle } from '@/features/sources/markdown-citations';
import { exportSourcesCsv } from '@/features/sources/sources-csv';
import { inspectFileText } from '@/lens/cli/inspect-file';
import { WHOLE_FILE_LIMIT_BYTES } from '@/lens/cli/run-cli';
import { summarize } from '@/lens/cli/summary';
import { toExportDocument } from '@/lens/export/json-export';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import { conversationsExport, messagesResponse } from '@/tests/replica/fixtures/formats';
import { PRODUCT_TOKEN_CANARY } from '@/tests/replica/fixtures/products';
import {
  documentExportText,
  liveExportItem,
  liveExportText,
  storedConversations,
} from '@/tests/support/data-export-files';
import { cutAt, run } from './run-in-memory';

const EXPORTED_AT = new Date('2026-11-20T12:00:00Z');
const FILE = 'conversations.json';

const documentConversations = storedConversations([
  'webSearch',
  'plain',
  'longHistory',
  'extraKeys',
  'products',
]);
const liveConversations = storedConversations(['liveSearch', 'liveShopping']);
const SHAPES = [
  { shape: "the document's form", text: documentExportText(documentConversations) },
  { shape: "the live site's form", text: liveExportText(liveConversations) },
] as const;

/** An item that is a tree, an item that is not, and a tree whose mapping is not an object, between two good ones. */
const withBrokenItems = JSON.stringify([
  ...liveConversations.slice(0, 1).map(liveExportItem),
  42,
  { id: 'broken-mapping', title: 'Broken', mapping: 'not a tree' },
  ...(conversationsExport(documentConversations.slice(0, 2)) as unknown[]),
]);

type Format = null | 'json' | 'md' | 'csv' | 'sources-csv';
const FORMATS: Array<{ format: Format; citations: CitationStyle }> = [
  { format: null, citations: 'inline' },
  { format: 'json', citations: 'inline' },
  { format: 'md', citations: 'inline' },
  { format: 'md', citations: 'footnotes' },
  { format: 'csv', citations: 'inline' },
  { format: 'sources-csv', citations: 'inline' },
];

const argv = (format: Format, citations: CitationStyle = 'inline', extra: string[] = []): string[] => [
  FILE,
  ...(format === null ? [] : ['--format', format]),
  ...(citations === 'inline' ? [] : ['--citations', citations]),
  ...extra,
];

/** What the command printed when it read a data export whole: the whole-file writers over every conversation. */
function wholeFileOutput(
  text: string,
  format: Format,
  citations: CitationStyle,
): { stdout: string; warnings: string[] } {
  const inspected = inspectFileText(text);
  if (!inspected.ok) throw new Error(inspected.error.message);
  const { inspections } = inspected.value;
  const stdout = (() => {
    switch (format) {
      case null:
        return `${inspections.map(summarize).join('\n\n')}\n`;
      case 'json':
        return `${JSON.stringify(
          inspections.map((inspection) => toExportDocument(inspection, { exportedAt: EXPORTED_AT })),
          null,
          2,
        )}\n`;
      case 'md':
        return inspections
          .map((inspection) => exportMarkdown(inspection, { exportedAt: EXPORTED_AT, citations }))
          .join('\n\n');
      case 'csv':
        return exportQueriesCsv(inspections);
      case 'sources-csv':
        return exportSourcesCsv(inspections);
    }
  })();
  return { stdout, warnings: inspected.warnings };
}

describe('a data export read as a stream', () => {
  for (const { shape, text } of SHAPES) {
    it(`prints, in ${shape}, the bytes a whole-file read printed, in every format`, async () => {
      for (const { format, citations } of FORMATS) {
        const streamed = await run(argv(format, citations), { [FILE]: text });
        expect(streamed.code).toBe(0);
        expect(streamed.stdout).toBe(wholeFileOutput(text, format, citations).stdout);
      }
    });
  }

  it("reads the search queries and cited pages the live form keeps and the document's tree leaves out", async () => {
    const rows = async (format: Format, text: string): Promise<number> =>
      (await run(argv(format), { [FILE]: text })).stdout.split('\r\n').filter((row) => row !== '').length;
    for (const format of ['csv', 'sources-csv'] as const) {
      expect(await rows(format, liveExportText(liveConversations))).toBeGreaterThan(
        await rows(format, documentExportText(liveConversations)),
      );
    }
  });

  it('leaves out a broken item with the warning a whole-file read gives, and writes the others', async () => {
    for (const { format, citations } of FORMATS) {
      const expected = wholeFileOutput(withBrokenItems, format, citations);
      const streamed = await run(argv(format, citations), { [FILE]: withBrokenItems });
      expect(streamed.code).toBe(0);
      expect(streamed.stdout).toBe(expected.stdout);
      expect(streamed.stderr).toBe(expected.warnings.map((warning) => `warning: ${warning}\n`).join(''));
    }
    const documents = JSON.parse((await run(argv('json'), { [FILE]: withBrokenItems })).stdout);
    expect(documents).toHaveLength(3);
  });

  it('keeps a thousand warnings of the items before the first conversation, then counts them', async () => {
    const text = JSON.stringify([
      ...Array.from({ length: 1_005 }, (_, index) => index),
      ...liveConversations.map(liveExportItem),
    ]);
    const streamed = await run(argv('csv'), { [FILE]: text });
    expect(streamed.code).toBe(0);
    const lines = streamed.stderr.split('\n').filter((line) => line !== '');
    expect(
      lines.filter((line) => line.endsWith('The tree response is not a JSON object. Left out.')),
    ).toHaveLength(1_000);
    expect(lines).toContain('warning: 5 more items before the first conversation were left out too.');
    expect(streamed.stdout).toBe((await run(argv('csv'), { [FILE]: SHAPES[1].text })).stdout);
  });

  it('gives any chunking of the bytes the same output, a cut inside a character included', async () => {
    const text = JSON.stringify([
      ...liveConversations.map(liveExportItem),
      ...(conversationsExport(documentConversations.slice(0, 2)) as unknown[]),
    ]);
    // The live form's citation markers are private-use characters, three bytes each in UTF-8: cuts are
    // drawn among the offsets inside a character as often as anywhere.
    const bytes = new TextEncoder().encode(text);
    const insideCharacter = [...bytes.keys()].filter((index) => (bytes[index] ?? 0) >> 6 === 0b10);
    expect(insideCharacter.length).toBeGreaterThan(100);
    const expected = {
      csv: (await run(argv('csv'), { [FILE]: text })).stdout,
      json: (await run(argv('json'), { [FILE]: text })).stdout,
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.nat(), fc.constantFrom(...insideCharacter)), { maxLength: 40 }),
        fc.constantFrom('csv' as const, 'json' as const),
        async (offsets, format) => {
          const streamed = await run(argv(format), { [FILE]: text }, { chunking: cutAt(offsets) });
          expect(streamed.code).toBe(0);
          expect(streamed.stdout).toBe(expected[format]);
        },
      ),
      { numRuns: 60 },
    );
  });

  for (const { shape, text } of SHAPES) {
    it(`starts a list, in ${shape}, after a byte order mark and white space spread over chunks`, async () => {
      const expected = (await run(argv('csv'), { [FILE]: text })).stdout;
      const padded = `\uFEFF \n\t\r\n${text}\n`;
      // The mark's three bytes and the five of white space one at a time, then the rest.
      const oneByteAtATime = cutAt([1, 2, 3, 4, 5, 6, 7, 8]);
      const streamed = await run(argv('csv'), { [FILE]: padded }, { chunking: oneByteAtATime });
      expect(streamed.code).toBe(0);
      expect(streamed.stdout).toBe(expected);
    });
  }
});

describe('a damaged data export', () => {
  const text = SHAPES[0].text;
  const fullDocuments = async (): Promise<unknown[]> =>
    JSON.parse((await run(argv('json'), { [FILE]: text })).stdout);

  it('cut off anywhere: exit 1 with a clear message, and a closed JSON array of the conversations before the cut', async () => {
    const documents = await fullDocuments();
    const bytes = new TextEncoder().encode(text);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: bytes.length - 1 }), fc.nat(), async (end, cut) => {
        const truncated = new TextDecoder().decode(bytes.subarray(0, end));
        const streamed = await run(argv('json'), { [FILE]: truncated }, { chunking: cutAt([cut]) });
        expect(streamed.code).toBe(1);
        expect(streamed.stderr).not.toMatch(/\n\s+at /);
        if (streamed.stdout === '') {
          expect(streamed.stderr).toMatch(
            /^conversations\.json: The file ends early: .* Nothing was written\.\n$/,
          );
          return;
        }
        const written = JSON.parse(streamed.stdout) as unknown[];
        expect(written).toEqual(documents.slice(0, written.length));
        expect(streamed.stderr).toMatch(
          /^conversations\.json: The file ends early: it stops after [\d,]+ bytes/,
        );
        expect(streamed.stderr).toContain(
          `The ${written.length} conversation${written.length === 1 ? '' : 's'} read before it ${written.length === 1 ? 'was' : 'were'} written to standard output.`,
        );
      }),
      { numRuns: 40 },
    );
  });

  it('not JSON in the middle: the conversations before it are written, and the message quotes nothing of the file', async () => {
    const canary = 'CANARY-IN-A-BROKEN-EXPORT';
    const second = documentConversations[1]?.title ?? '';
    const broken = text.replace(`"title": ${JSON.stringify(second)}`, `"title": ${canary}`);
    expect(broken).not.toBe(text);
    const streamed = await run(argv('json', 'inline', ['--out', 'out.json']), { [FILE]: broken });
    expect(streamed.code).toBe(1);
    expect(streamed.stderr).toMatch(
      /^conversations\.json: The file is not valid JSON between bytes 0 and [\d,]+, after 1 complete conversation\. The 1 conversation read before it was written to out\.json\.\n$/,
    );
    expect(streamed.stderr).not.toContain(canary);
    expect(JSON.parse(streamed.written.get('out.json') ?? '')).toEqual((await fullDocuments()).slice(0, 1));
  });

  it('more text after the list: every conversation is written, then the error', async () => {
    const streamed = await run(argv('csv'), { [FILE]: `${text} []` });
    expect(streamed.code).toBe(1);
    expect(streamed.stdout).toBe((await run(argv('csv'), { [FILE]: text })).stdout);
    expect(streamed.stderr).toMatch(/not valid JSON .* The 5 conversations read before it were written/);
  });

  it('a disk error while reading: what was read is written, and the message says so', async () => {
    const streamed = await run(
      argv('json'),
      { [FILE]: text },
      { chunking: cutAt([2_000, 60_000, 120_000]), failReadAfterChunk: 2 },
    );
    expect(streamed.code).toBe(1);
    expect(streamed.stderr).toMatch(
      /^Cannot read conversations\.json: EIO: i\/o error, read\. The \d+ conversations? read before it (was|were) written to standard output\.\n$/,
    );
    expect(JSON.parse(streamed.stdout)).toEqual(
      (await fullDocuments()).slice(0, JSON.parse(streamed.stdout).length),
    );
  });

  it('a list of something else: the whole-file message, no output and no file', async () => {
    for (const content of ['[]', '[1, 2, {"a": 3}]', '[{"mapping": null}]']) {
      const streamed = await run(argv('csv', 'inline', ['--out', 'q.csv']), { [FILE]: content });
      expect(streamed.code).toBe(1);
      expect(streamed.stderr).toBe(
        'conversations.json: Not a conversation file: expected a messages-format or tree-format response, a data-export conversations.json, or a HAR file.\n',
      );
      expect(streamed.written.has('q.csv')).toBe(false);
    }
  });
});

describe('files read whole', () => {
  it('a file too big to read whole that is not a data export: a clear error, no crash', async () => {
    const [webSearch] = storedConversations(['webSearch']);
    if (webSearch === undefined) throw new Error('fixture missing');
    const file = messagesResponse(webSearch, { numTurns: 100 });
    const streamed = await run(
      [FILE, '--format', 'csv'],
      { [FILE]: file },
      { fileSize: WHOLE_FILE_LIMIT_BYTES + 1 },
    );
    expect(streamed.code).toBe(1);
    expect(streamed.stdout).toBe('');
    expect(streamed.stderr).toMatch(
      /^conversations\.json: [\d]+ bytes is too big to read whole\. Only a data export/,
    );
  });
});

describe('progress on stderr', () => {
  const text = SHAPES[0].text;
  const manyChunks = cutAt(Array.from({ length: 30 }, (_, index) => index * 4_000));

  it('rewrites one line on a terminal, and leaves standard output alone', async () => {
    const quiet = await run(argv('csv'), { [FILE]: text });
    const shown = await run(
      argv('csv'),
      { [FILE]: text },
      { chunking: manyChunks, stderrIsTerminal: true, msPerTick: 600 },
    );
    expect(shown.stdout).toBe(quiet.stdout);
    const CLEAR_TO_LINE_END = '\x1b[K';
    expect(shown.stderr.startsWith('\r')).toBe(true);
    expect(shown.stderr).toContain(CLEAR_TO_LINE_END);
    expect(shown.stderr.replaceAll(CLEAR_TO_LINE_END, '')).toMatch(
      /^\rconversations\.json: [\d.]+ of [\d.]+ MB read \(\d+%\), \d+ conversations?\r/,
    );
    expect(shown.stderr.endsWith('\n')).toBe(true);
    expect(shown.stderr.split('\n')).toHaveLength(2);
  });

  it('keeps warnings off the progress line', async () => {
    const shown = await run(
      argv('csv'),
      { [FILE]: withBrokenItems },
      {
        chunking: cutAt(Array.from({ length: 30 }, (_, index) => index * 3_000)),
        stderrIsTerminal: true,
        msPerTick: 600,
      },
    );
    expect(shown.stderr).toMatch(/\r[^\n]*MB read/);
    for (const line of shown.stderr.split('\n').filter((line) => line.includes('warning:'))) {
      expect(line).toMatch(/^warning: /);
    }
  });

  it('prints nothing for a small file when stderr is not a terminal, a line each second for a big one', async () => {
    const small = await run(argv('csv'), { [FILE]: text }, { chunking: manyChunks, msPerTick: 600 });
    expect(small.stderr).toBe('');
    const big = await run(
      argv('csv'),
      { [FILE]: text },
      { chunking: manyChunks, msPerTick: 600, fileSize: 500_000_000 },
    );
    const lines = big.stderr.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines)
      expect(line).toMatch(/^conversations\.json: [\d.]+ of 500\.0 MB read \(\d+%\), \d+ conversations?$/);
  });
});

describe('secrets in a data export', () => {
  /** The live form's last answer with tracking values and token-bearing product members in its metadata. */
  function exportWithSecrets(): string {
    const [liveSearch] = liveConversations;
    if (liveSearch === undefined) throw new Error('fixture missing');
    const item = liveExportItem(liveSearch);
    const nodes = Object.values(
      item.mapping as Record<
        string,
        { message: { author: { role: string }; metadata: Record<string, unknown> } | null }
      >,
    );
    const answer = nodes.filter((node) => node.message?.author.role === 'assistant').at(-1)?.message;
    if (!answer) throw new Error('the fixture has no answer');
    const listed = (key: string): unknown[] =>
      Array.isArray(answer.metadata[key]) ? (answer.metadata[key] as unknown[]) : [];
    answer.metadata.ad_data_token = `${AD_TRACKING_CANARY}member`;
    answer.metadata.content_references = [
      ...listed('content_references'),
      {
        type: 'products',
        matched_text: '',
        products: [
          {
            title: 'Trail shoe',
            url: `https://shop.example/p?oppref=${AD_TRACKING_CANARY}oppref&size=9`,
            product_lookup_key: { data: `${PRODUCT_TOKEN_CANARY}lookup` },
            checkout_payload: `${PRODUCT_TOKEN_CANARY}checkout`,
            checkout_image_urls: [`${PRODUCT_TOKEN_CANARY}image`],
            provider_metadata: { id_to_token_map: { offer: `${PRODUCT_TOKEN_CANARY}map` } },
          },
        ],
      },
    ];
    answer.metadata.search_result_groups = [
      ...listed('search_result_groups'),
      {
        domain: 'shop.example',
        entries: [
          {
            url: `https://shop.example/guide?olref=${AD_TRACKING_CANARY}olref&ad_data_token=${AD_TRACKING_CANARY}parameter`,
            title: 'Sizing guide',
            snippet: 'How trail shoes fit.',
            attribution: 'Shop',
          },
        ],
      },
    ];
    return JSON.stringify([item]);
  }

  it('reach no output and no message, in any format', async () => {
    const text = exportWithSecrets();
    for (const { format, citations } of FORMATS) {
      const streamed = await run(argv(format, citations), { [FILE]: text });
      expect(streamed.code).toBe(0);
      for (const canary of [AD_TRACKING_CANARY, PRODUCT_TOKEN_CANARY]) {
        expect(streamed.stdout).not.toContain(canary);
        expect(streamed.stderr).not.toContain(canary);
      }
    }
    // The page that carried tracking values is listed, without them.
    expect((await run(argv('sources-csv'), { [FILE]: text })).stdout).toContain('https://shop.example/guide');
  });
});
