import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { compareFormats } from '@/features/details/format-comparison';
import { summarize } from '@/lens/cli/summary';
import { FORMAT_WRITERS, writeExport } from '@/lens/export/format-writers';
import { EXPORT_FORMAT_IDS } from '@/lens/export/formats';
import { EXPORT_SCHEMA } from '@/lens/export/json-export';
import { transcriptBlocks } from '@/lens/export/markdown-transcript';
import { transcriptInput } from '@/lens/export/transcript-input';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import type { ExportOptions } from '@/lens/runtime/contract/export-file';
import { exportOf, wholeFile } from '@/lens/runtime/worker/export-bytes';
import { parseAdAccount } from '@/lib/model/ad-account';
import { parseAdsResponse } from '@/lib/model/ad-record';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { arbitraryInspection } from '@/tests/unit/export/arbitrary-inspection';
import { pageProblems, textsOf } from '@/tests/unit/export/html-checks';
import { EXPORTED_AT } from '@/tests/unit/export/rich-inspection';
import {
  ACCOUNT_DOCUMENT,
  ADS_DOCUMENTS,
  MESSAGES_DOCUMENTS,
  PRODUCT_BODIES,
  sseBody,
  sseFrames,
  TREE_DOCUMENTS,
} from './fixture-documents';
import { fuzz, fuzzAsync } from './fuzz-property';
import { damagedCopies } from './hostile-values';
import { expectNoSecret, typedValue } from './outcome-checks';

/**
 * Every writer (Markdown in both citation styles, with and without hidden messages, with every transcript
 * option, JSON, both CSVs, the file names, the CLI summary) fed fuzzed inspections: arbitrary ones, and ones
 * read from damaged copies of the replica's responses in both forms, whose planted secrets must reach no
 * output. The HTML page is read too (export-format "HTML"): its tags nest, it runs and loads nothing, its
 * links lead only to the web, mail or a relative place, and each speaker heading of the Markdown transcript
 * is one heading of the page.
 */
const options = fc.record({
  citations: fc.constantFrom<ExportOptions['citations']>('inline', 'footnotes'),
  includeHiddenAndTools: fc.boolean(),
  reasoning: fc.constantFrom<ExportOptions['reasoning']>('full', 'summary', 'none'),
  toolCalls: fc.constantFrom<ExportOptions['toolCalls']>('shown', 'none'),
  timestamps: fc.constantFrom<ExportOptions['timestamps']>('on', 'off'),
  branches: fc.constantFrom<ExportOptions['branches']>('active', 'all'),
});

/**
 * Every output of every writer for one inspection; each text file is also its head and its body written
 * apart, as the worker readies the body before the click (lens/runtime/worker/readied-exports.ts).
 */
async function writeEverything(inspection: Inspection, chosen: ExportOptions): Promise<string[]> {
  const outputs = [summarize(inspection)];
  for (const format of EXPORT_FORMAT_IDS) {
    const file = await wholeFile(exportOf(inspection, format, chosen, EXPORTED_AT));
    expect(file.fileName).not.toMatch(/[/\\:*?"<>|\p{Cc}]/u);
    outputs.push(file.fileName, file.text);
    if (format === 'json') expect(JSON.parse(file.text).schema).toBe(EXPORT_SCHEMA);
    if (format !== 'zip') {
      const writer = FORMAT_WRITERS[format];
      const written = { ...chosen, exportedAt: EXPORTED_AT };
      expect(writer.head(inspection, written) + [...writer.body(inspection, chosen)].join('')).toBe(
        file.text,
      );
    }
  }
  return outputs;
}

const SPEAKER_HEADING = /^### (User|Assistant|System)\n/;

/** The speakers the Markdown transcript heads, in order, and the ones the page's transcript heads. */
function speakerHeadings(
  inspection: Inspection,
  chosen: ExportOptions,
): { markdown: string[]; html: string[] } {
  const source = transcriptInput(inspection, chosen.branches ?? 'active');
  const blocks = [
    ...transcriptBlocks(source.inspection, source.index, {
      ...chosen,
      branchMarks: source.branchMarks,
      note: source.note,
    }),
  ];
  const html = writeExport(inspection, 'html', { ...chosen, exportedAt: EXPORTED_AT });
  const transcript = html.slice(
    html.indexOf('<h2>Transcript</h2>'),
    html.lastIndexOf('<h2>Search queries</h2>'),
  );
  return {
    markdown: blocks.flatMap((block) => SPEAKER_HEADING.exec(block)?.[1] ?? []),
    html: textsOf(transcript, 'h3').filter((heading) => /^(User|Assistant|System)$/.test(heading)),
  };
}

const productFrames = Object.values(PRODUCT_BODIES).flat().map(sseFrames);

/** An inspection of the replica's responses with a few of them damaged, read through the real parsers. */
const replicaInspection = fc
  .record({
    pages: damagedCopies(Object.values(MESSAGES_DOCUMENTS)),
    tree: fc.option(damagedCopies(Object.values(TREE_DOCUMENTS))),
    ads: damagedCopies(Object.values(ADS_DOCUMENTS)),
    account: damagedCopies([ACCOUNT_DOCUMENT]),
    products: fc.array(damagedCopies(productFrames), { maxLength: 2 }),
  })
  .map((drawn) => {
    const messages = typedValue(normalizeMessagesFormat(drawn.pages));
    const tree = drawn.tree === null ? null : typedValue(normalizeTreeFormat(drawn.tree));
    const conversation = typedValue(mergeConversationFormats({ messages, tree }));
    if (conversation === null) return null;
    return inspect({
      conversation,
      adsReport: typedValue(parseAdsResponse(drawn.ads)),
      account: typedValue(parseAdAccount(drawn.account)),
      products: drawn.products.flatMap(
        (frames) => typedValue(parseProductUpdateBody(sseBody(frames)))?.products ?? [],
      ),
      transportObservation: { streamItems: 1, sseAnswers: 1, handoffs: 1, resumed: 0, htmlAnswers: 0 },
      formats: messages !== null && tree !== null ? compareFormats(messages, tree) : null,
    });
  })
  .filter((inspection) => inspection !== null);

describe('the writers on fuzzed inspections', () => {
  fuzzAsync(
    'arbitrary inspections: every writer writes, the JSON reads back, a head and a body make the same file',
    fc.tuple(arbitraryInspection(), options),
    async ([inspection, chosen]) => {
      await writeEverything(inspection, chosen);
    },
  );

  fuzz(
    'arbitrary inspections: the HTML page nests, runs and loads nothing, and keeps every speaker heading',
    fc.tuple(arbitraryInspection(), options),
    ([inspection, chosen]) => {
      expect(pageProblems(writeExport(inspection, 'html', { ...chosen, exportedAt: EXPORTED_AT }))).toEqual(
        [],
      );
      const { markdown, html } = speakerHeadings(inspection, chosen);
      expect(html).toEqual(markdown);
    },
  );

  fuzzAsync(
    'inspections of damaged replica responses: every writer writes, and no secret of the responses',
    fc.tuple(replicaInspection, options),
    async ([inspection, chosen]) => {
      expectNoSecret(inspection);
      expectNoSecret(await writeEverything(inspection, chosen));
    },
  );
});
