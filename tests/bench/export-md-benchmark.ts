import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import { atScale, defineBenchmark, measureRatio, ratioOptions } from './benchmark';
import { onePageConversation } from './one-page-conversation';

/**
 * The Markdown export of a 10,000-message conversation (already normalized and inspected, as the
 * export button finds it), as a ratio to JSON.parse of the messages-format bytes it came from.
 * Target: at most 1.
 */
const MESSAGES = { full: 10_000, smoke: 40 };
const SEED = 0x0e5d_0004;
const EXPORTED_AT = new Date('2026-11-20T09:30:00Z');

export const exportMarkdownBenchmark = defineBenchmark({
  name: 'Markdown export',
  figures: ['export_md_ratio_10k'],
  run(scale) {
    const messages = atScale(scale, MESSAGES);
    const { text, conversation } = onePageConversation(messages, SEED);
    const inspection = inspect({ conversation });
    const markdown = exportMarkdown(inspection, { exportedAt: EXPORTED_AT });
    const measured = measureRatio(
      () => exportMarkdown(inspection, { exportedAt: EXPORTED_AT }),
      () => JSON.parse(text) as unknown,
      ratioOptions(scale),
    );
    return {
      figures: { export_md_ratio_10k: Number(measured.ratio.toFixed(4)) },
      rows: [
        {
          label: `${messages} messages`,
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
});
