import { PROMPTS_TABLE } from '@/lens/library/prompts-table';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { tableRows } from '@/lib/library/library-table';
import { generateLibrary, type LibrarySize, pagesIn } from '@/tests/support/generated-library';
import { atScale, defineBenchmark, measureRatio, ratioOptions } from './benchmark';

/**
 * The prompts table (architecture "Versions of a prompt") of a library of 100,000 page rows, its prompts
 * asked again across conversations, as a ratio to JSON.parse of the same records' text. Target ≤ 1.
 */
const SIZES: { full: LibrarySize; smoke: LibrarySize } = {
  full: { conversations: 500, pagesPerConversation: 200, turnsPerConversation: 20, seed: 0x7a2_1ace },
  smoke: { conversations: 20, pagesPerConversation: 20, turnsPerConversation: 5, seed: 0x7a2_1ace },
};

/** Brands as a user sets them, so the brand overlap is worked out too. */
const BRANDS: BrandSettings = {
  own: { name: 'Wirecutter', domains: ['wirecutter.example'], mentions: [] },
  competitors: [
    { name: 'RTINGS', domains: ['rtings.example'], mentions: ['RTINGS'] },
    { name: 'Consumer Reports', domains: ['consumer-reports.example'], mentions: [] },
  ],
};

export const varianceBenchmark = defineBenchmark({
  name: 'prompt variance',
  figures: ['library_variance_ratio_100k'],
  run(scale) {
    const records = generateLibrary(atScale(scale, SIZES));
    const text = JSON.stringify(records);
    const table = () => [...tableRows(PROMPTS_TABLE, records, null, { brands: BRANDS })];
    const prompts = table().length;
    const measured = measureRatio(table, () => JSON.parse(text) as unknown, ratioOptions(scale));
    return {
      figures: { library_variance_ratio_100k: Number(measured.ratio.toFixed(4)) },
      rows: [
        {
          label: `${records.length} conversations, ${pagesIn(records)} page rows, ${prompts} prompts asked again`,
          cells: {
            'JSON bytes': `${Math.round(text.length / 1024)} KiB`,
            'JSON.parse ms': measured.baselineMs.toFixed(3),
            'prompts table ms': measured.subjectMs.toFixed(3),
            ratio: measured.ratio.toFixed(3),
          },
        },
      ],
    };
  },
});
