import { writeExport } from '@/lens/export/format-writers';
import { inspect } from '@/lens/insights/inspection';
import { atScale, defineBenchmark, measureRatio, ratioOptions } from './benchmark';
import { onePageConversation } from './one-page-conversation';

/**
 * The HTML export of a 10,000-message conversation (already normalized and inspected, as the export button
 * finds it): the Markdown export written and rendered, as a ratio to JSON.parse of the messages-format bytes
 * it came from. Target: at most 3 (one click on a very long conversation, not a hot path).
 */
const MESSAGES = { full: 10_000, smoke: 40 };
const SEED = 0x0e5d_0004;
const EXPORTED_AT = new Date('2026-11-20T09:30:00Z');

export const exportHtmlBenchmark = defineBenchmark({
  name: 'HTML export',
  figures: ['export_html_ratio_10k'],
  run(scale) {
    const messages = atScale(scale, MESSAGES);
    const { text, conversation } = onePageConversation(messages, SEED);
    const inspection = inspect({ conversation });
    const write = () => writeExport(inspection, 'html', { exportedAt: EXPORTED_AT });
    const html = write();
    const measured = measureRatio(write, () => JSON.parse(text) as unknown, ratioOptions(scale));
    return {
      figures: { export_html_ratio_10k: Number(measured.ratio.toFixed(4)) },
      rows: [
        {
          label: `${messages} messages`,
          cells: {
            'JSON bytes': `${Math.round(text.length / 1024)} KiB`,
            'HTML bytes': `${Math.round(html.length / 1024)} KiB`,
            'JSON.parse ms': measured.baselineMs.toFixed(3),
            'export ms': measured.subjectMs.toFixed(3),
            ratio: measured.ratio.toFixed(3),
          },
        },
      ],
    };
  },
});
