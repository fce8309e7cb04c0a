import { describe, expect } from 'vitest';
import { readHar } from '@/lens/cli/har-capture';
import { inspectFileText } from '@/lens/cli/inspect-file';
import { mutate } from '@/tests/unit/fixtures/mutate';
import { HAR_DOCUMENT } from './fixture-documents';
import { fuzz } from './fuzz-property';
import { hostileMutations } from './hostile-values';
import { jsonText } from './json-text';
import { expectNoSecret, typedValue } from './outcome-checks';
import { editText, textEdits } from './text-edits';

/**
 * `npm run inspect` on a HAR recorded on chatgpt.com: both formats, ads, product refreshes of both forms, a
 * document SSE answer and the live site's socket frames with a handoff. A damaged recording reads as what can
 * be read, with warnings, or a typed error; the access token, the resume token and the planted tracking and
 * product secrets reach no inspection.
 */
const HAR_TEXT = JSON.stringify(HAR_DOCUMENT);

describe('the HAR reader on damaged recordings', () => {
  fuzz(
    'entries mutated: conversations with their captures, inspections without a secret',
    hostileMutations.map((mutations) => mutate(HAR_DOCUMENT, mutations)),
    (har) => {
      const capture = readHar(har);
      for (const conversation of capture.conversations) {
        expect(typeof conversation.conversationId).toBe('string');
        expectNoSecret(conversation.captured.products());
      }
      const inspected = typedValue(inspectFileText(jsonText(har)));
      expectNoSecret(inspected);
    },
  );

  fuzz(
    'the file cut, spliced or padded as text',
    textEdits.map((edits) => editText(HAR_TEXT, edits)),
    (text) => {
      typedValue(inspectFileText(text));
    },
  );
});
