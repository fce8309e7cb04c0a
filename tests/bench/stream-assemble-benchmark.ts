import { createParser } from 'eventsource-parser';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { LONG_ANSWER, longAnswerStream } from '@/tests/support/long-answer-stream';
import { defineBenchmark, measureRatio, ratioOptions } from './benchmark';

/**
 * A long streamed answer (about 2,000 delta records, 200 KB of text, 30 search results) assembled into its
 * messages and typed records (lib/model/streamed-turn.ts), as a ratio to eventsource-parser plus JSON.parse
 * of each record alone on the same text: what assembling costs beyond reading. Target ≤ 1.5.
 */
function bareParse(text: string): unknown[] {
  const records: unknown[] = [];
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      try {
        records.push(JSON.parse(event.data));
      } catch {
        // a record that is not JSON is skipped, as the reader skips it
      }
    },
  });
  parser.feed(text);
  return records;
}

export const streamAssembleBenchmark = defineBenchmark({
  name: 'answer stream assemble',
  figures: ['stream_assemble_ratio'],
  run(scale) {
    const text = longAnswerStream();
    const records = bareParse(text).length;
    // One call is about a millisecond warm: a long timing of each, so one collection or one call that
    // compiles afresh does not swing the ratio.
    const measured = measureRatio(
      () => readStreamedTurn(text),
      () => bareParse(text),
      ratioOptions(scale, { repetitions: 15, minimumMs: 400 }),
    );
    return {
      figures: { stream_assemble_ratio: Number(measured.ratio.toFixed(4)) },
      rows: [
        {
          label: `${records} records, ${LONG_ANSWER.searchResults} search results`,
          cells: {
            bytes: `${Math.round(text.length / 1024)} KiB`,
            'bare parse ms': measured.baselineMs.toFixed(3),
            'assemble ms': measured.subjectMs.toFixed(3),
            ratio: measured.ratio.toFixed(3),
          },
        },
      ],
    };
  },
});
