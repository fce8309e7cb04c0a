import { exportMarkdown } from '@/lib/export/markdown-export';
import { inspect } from '@/lib/insights/inspection';
import type { Benchmark } from './benchmark';
import { measureRatio } from './benchmark';
import { onePageConversation } from './one-page-conversation';

/**
 * The Markdown export of a 10,000-message conversation (already normalized and inspected, as the
 * export button finds it), as a ratio to JSON.parse of the messages-format bytes it came from.
 * Target: at most 1.
 */
const MESSAGES = 10_000;
const SEED = 0x0e5d_0004;
const EXPORTED_AT = new Date('2026-11-20T09:30:00Z');

export const exportMarkdownBenchmark: Benchmark = {
  name: 'Markdown export',
  run() {
    const { text, conversation } = onePageConversation(MESSAGES, SEED);
    const inspection = inspect({ conversation });
    const markdown = exportMarkdown(inspection, { exportedAt: EXPORTED_AT });
    const measured = measureRatio(
      () => exportMarkdown(inspection, { exportedAt: EXPORTED_AT }),
      () => JSON.parse(text) as unknown,
    );
    return {
      figures: { export_md_ratio_10k: Number(measured.ratio.toFixed(4)) },
      rows: [
        {
          label: `${MESSAGES} messages`,
          cells: {
            'JSON bytes': `${Math.round(text.length / 1024)} KiB`,
            'Markdown bytes': `${Math.round(markdown.length / 1024)} KiB`,
            'JSON.parse ms': measured.baselineMs.toFixed(3),
            'export ms': measured.subjectMs.toFixed(3),
            ratio: measured.ratio.toFixed(3),
          },
        },
      ],
    };
  },
};
