import 'fake-indexeddb/auto';
import { inspect } from '@/lens/insights/inspection';
import { openLibrary } from '@/lens/library/library-store';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import { median } from '@/tests/support/statistics';
import { atScale, type BenchmarkResult, defineBenchmark, type Scale } from './benchmark';
import { onePageConversation } from './one-page-conversation';

/**
 * Writing a 10,000-message conversation into the library (its record made from the inspection the worker
 * already holds, then written with its summary in one transaction) against JSON.parse of the
 * conversation's messages-format bytes. Target ≤ 1. The database is fake-indexeddb: Node has no other;
 * it clones what it stores as the browser does.
 */
const MESSAGES = { full: 10_000, smoke: 40 };
const SEED = 0x1a5_0022;
const REPETITIONS = { full: 9, smoke: 1 };

export const libraryWriteBenchmark = defineBenchmark({
  name: 'library write',
  figures: ['library_write_ratio_10k'],
  run: measureLibraryWrite,
});

async function measureLibraryWrite(scale: Scale): Promise<BenchmarkResult<'library_write_ratio_10k'>> {
  const messages = atScale(scale, MESSAGES);
  const { text, conversation } = onePageConversation(messages, SEED);
  const inspection = inspect({ conversation });
  const store = await openLibrary(`bench-library-${Date.now()}`);
  const write = async (savedAt: number) => {
    const record = recordOfInspection(inspection, { keepAnswerText: true, savedAt });
    if (record === null) throw new Error('The generated conversation has no id.');
    await store.put(record);
    return record;
  };
  try {
    const record = await write(0);
    const ratios: number[] = [];
    const writes: number[] = [];
    const parses: number[] = [];
    for (let repetition = 1; repetition <= atScale(scale, REPETITIONS); repetition += 1) {
      let start = performance.now();
      JSON.parse(text);
      const parseMs = performance.now() - start;
      start = performance.now();
      await write(repetition);
      const writeMs = performance.now() - start;
      parses.push(parseMs);
      writes.push(writeMs);
      ratios.push(writeMs / parseMs);
    }
    const ratio = median(ratios);
    const pages = record.turns.reduce((sum, turn) => sum + turn.pages.length, 0);
    return {
      figures: { library_write_ratio_10k: Number(ratio.toFixed(4)) },
      rows: [
        {
          label: `${messages} messages, ${record.turns.length} turns, ${pages} pages`,
          cells: {
            'JSON bytes': `${Math.round(text.length / 1024)} KiB`,
            'JSON.parse ms': median(parses).toFixed(3),
            'library write ms': median(writes).toFixed(3),
            ratio: ratio.toFixed(3),
          },
        },
      ],
    };
  } finally {
    store.close();
  }
}
