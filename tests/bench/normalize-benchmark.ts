import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { generateConversation, messagesResponse, treeResponse } from '@/tests/replica/fixtures/formats';
import {
  atScale,
  defineBenchmark,
  measureRatio,
  type RatioMeasurement,
  ratioOptions,
  type TableRow,
} from './benchmark';

/**
 * Normalizing the messages format and the tree, for conversations of 100, 1,000 and 10,000
 * messages, as a ratio to JSON.parse of the same bytes. Target: both at most 0.5, flat as size grows.
 * A smoke run measures each figure on a conversation of tens of messages (two pages, so the paging too).
 */
const SIZES = [
  { messages: { full: 100, smoke: 20 }, suffix: '100' },
  { messages: { full: 1_000, smoke: 30 }, suffix: '1k' },
  { messages: { full: 10_000, smoke: 120 }, suffix: '10k' },
] as const;

const SEED = 0x0b3e_0003;

/** Every page at num_turns 100, newest first, as the loader collects them (site-interface 4.1). */
function pageTexts(messageCount: number): string[] {
  const conversation = generateConversation(messageCount, SEED);
  const texts: string[] = [];
  let before: string | undefined;
  for (;;) {
    const page = messagesResponse(conversation, { numTurns: 100, before }) as {
      page_info: { start_cursor: string; has_previous_page: boolean };
    };
    texts.push(JSON.stringify(page));
    if (!page.page_info.has_previous_page) return texts;
    before = page.page_info.start_cursor;
  }
}

function treeText(messageCount: number): string {
  return JSON.stringify(treeResponse(generateConversation(messageCount, SEED)));
}

const kib = (texts: string[]): string =>
  `${Math.round(texts.reduce((sum, text) => sum + text.length, 0) / 1024)} KiB`;

function row(label: string, texts: string[], measured: RatioMeasurement): TableRow {
  return {
    label,
    cells: {
      bytes: kib(texts),
      'JSON.parse ms': measured.baselineMs.toFixed(3),
      'normalize ms': measured.subjectMs.toFixed(3),
      ratio: measured.ratio.toFixed(3),
    },
  };
}

export const normalizeBenchmark = defineBenchmark({
  name: 'normalize',
  figures: SIZES.flatMap(({ suffix }) => [
    `normalize_messages_ratio_${suffix}` as const,
    `normalize_tree_ratio_${suffix}` as const,
  ]),
  run(scale) {
    const figures: Record<string, number> = {};
    const rows: TableRow[] = [];
    for (const size of SIZES) {
      const messageCount = atScale(scale, size.messages);
      const texts = pageTexts(messageCount);
      const pages = texts.map((text) => JSON.parse(text) as unknown);
      const messages = measureRatio(
        () => normalizeMessagesFormat(pages),
        () => texts.map((text) => JSON.parse(text) as unknown),
        ratioOptions(scale),
      );
      figures[`normalize_messages_ratio_${size.suffix}`] = Number(messages.ratio.toFixed(4));
      rows.push(row(`messages format, ${messageCount} messages (${texts.length} pages)`, texts, messages));

      const tree = treeText(messageCount);
      const parsedTree = JSON.parse(tree) as unknown;
      const treeMeasured = measureRatio(
        () => normalizeTreeFormat(parsedTree),
        () => JSON.parse(tree) as unknown,
        ratioOptions(scale),
      );
      figures[`normalize_tree_ratio_${size.suffix}`] = Number(treeMeasured.ratio.toFixed(4));
      rows.push(row(`tree format, ${messageCount} messages`, [tree], treeMeasured));
    }
    return { figures, rows };
  },
});
