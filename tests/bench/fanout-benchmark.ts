import { FANOUT_TABLE } from '@/features/queries/fanout-table';
import { tableRows } from '@/lib/library/library-table';
import { generateLibrary, type LibrarySize, pagesIn } from '@/tests/support/generated-library';
import { atScale, defineBenchmark, measureRatio, ratioOptions } from './benchmark';

/**
 * The fanout table (export-format "The fanout table") of a library of 100,000 page rows, its queries run
 * again across prompts and conversations, as a ratio to JSON.parse of the same records' text. Target ≤ 1.
 */
const SIZES: { full: LibrarySize; smoke: LibrarySize } = {
  full: { conversations: 500, pagesPerConversation: 200, turnsPerConversation: 20, seed: 0xfa_0017 },
  smoke: { conversations: 20, pagesPerConversation: 20, turnsPerConversation: 5, seed: 0xfa_0017 },
};

export const fanoutBenchmark = defineBenchmark({
  name: 'query fan-out',
  figures: ['library_fanout_ratio_100k'],
  run(scale) {
    const records = generateLibrary(atScale(scale, SIZES));
    const text = JSON.stringify(records);
    const table = () => [...tableRows(FANOUT_TABLE, records, null, { brands: null })];
    const queries = table().length;
    const measured = measureRatio(table, () => JSON.parse(text) as unknown, ratioOptions(scale));
    return {
      figures: { library_fanout_ratio_100k: Number(measured.ratio.toFixed(4)) },
      rows: [
        {
          label: `${records.length} conversations, ${pagesIn(records)} page rows, ${queries} distinct queries`,
          cells: {
            'JSON bytes': `${Math.round(text.length / 1024)} KiB`,
            'JSON.parse ms': measured.baselineMs.toFixed(3),
            'fanout table ms': measured.subjectMs.toFixed(3),
            ratio: measured.ratio.toFixed(3),
          },
        },
      ],
    };
  },
});
