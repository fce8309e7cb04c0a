import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { inspectExportStream } from '@/lens/cli/inspect-export-stream';
import { inspectFileText } from '@/lens/cli/inspect-file';
import type { Inspection } from '@/lens/insights/inspection';
import { expectWellFormed } from '@/tests/unit/fixtures/well-formed-conversation';
import { DATA_EXPORTS } from './fixture-documents';
import { fuzzAsync } from './fuzz-property';
import { damagedCopies } from './hostile-values';
import { jsonText } from './json-text';
import { typedValue } from './outcome-checks';
import { editText, splitAt, splitPoints, textEdits } from './text-edits';

/**
 * A data export read as a stream (lib/model/data-export-stream.ts, lens/cli/inspect-export-stream.ts), damaged
 * and cut into chunks anywhere (inside a UTF-8 character too): the stream never rejects, it ends with a typed
 * outcome, the conversations it hands on are well formed, and where it reads the file to its end it finds the
 * conversations reading the file whole finds.
 */
const files = fc.oneof(
  damagedCopies(Object.values(DATA_EXPORTS)).map((file) => jsonText(file)),
  fc
    .tuple(
      fc.constantFrom(...Object.values(DATA_EXPORTS).map((file) => JSON.stringify(file, null, 2))),
      textEdits,
    )
    .map(([text, edits]) => editText(text, edits)),
);

async function* chunksOf(bytes: Uint8Array, points: readonly number[]): AsyncIterable<Uint8Array> {
  for (const chunk of splitAt(bytes, points)) yield chunk;
}

describe('the data export stream on damaged files', () => {
  fuzzAsync(
    'damaged files in any chunks: a typed outcome, well-formed conversations, as many as reading it whole',
    fc.tuple(files, splitPoints),
    async ([text, points]) => {
      const bytes = new TextEncoder().encode(text);
      const streamed: Inspection[] = [];
      const read = await inspectExportStream([chunksOf(bytes, points)], {
        begin: async () => {},
        conversation: async (inspection) => {
          streamed.push(inspection);
        },
        warning: (warning) => expect(typeof warning === 'string' && warning !== '').toBe(true),
        progress: () => {},
      });
      for (const inspection of streamed) expectWellFormed(inspection.conversation);
      if (typedValue(read) === null) return;
      const whole = typedValue(inspectFileText(new TextDecoder().decode(bytes)));
      expect(whole?.kind).toBe('data-export');
      expect(whole?.inspections.length).toBe(streamed.length);
    },
  );
});
