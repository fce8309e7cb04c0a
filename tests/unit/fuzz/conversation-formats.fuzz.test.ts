import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { compareFormats } from '@/features/details/format-comparison';
import { detectInputKind } from '@/lens/cli/input-kind';
import type { Conversation } from '@/lib/model/conversation';
import { normalizeDataExport } from '@/lib/model/data-export';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { mergeNewerPage, readMessagesPage } from '@/lib/model/messages-page';
import { parseJson } from '@/lib/model/parse-json';
import type { Result } from '@/lib/model/result';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { expectWellFormed } from '@/tests/unit/fixtures/well-formed-conversation';
import { DATA_EXPORTS, MESSAGES_DOCUMENTS, TREE_DOCUMENTS } from './fixture-documents';
import { fuzz } from './fuzz-property';
import { damagedCopies } from './hostile-values';
import { typedValue } from './outcome-checks';
import { editText, textEdits } from './text-edits';

/**
 * The conversation readers (site-interface 2, site-interface 4.1, site-interface 4.2 and a data export of
 * site-interface 10.8) on damaged copies of real-shaped responses, of the document's form and the live
 * site's: no exception, a typed error or a tolerated read, and what is read is a well-formed conversation.
 */
const messagesPages = damagedCopies(Object.values(MESSAGES_DOCUMENTS));

const treeResponses = damagedCopies(Object.values(TREE_DOCUMENTS));

function wellFormedOrNull(result: Result<Conversation>): void {
  const conversation = typedValue(result);
  if (conversation !== null) expectWellFormed(conversation);
}

describe('conversation readers on mutated responses', () => {
  fuzz(
    'messages-format pages, each page and an incremental merge of the newest two',
    messagesPages,
    (pages) => {
      wellFormedOrNull(normalizeMessagesFormat(pages));
      const [newest, older] = pages.map(readMessagesPage);
      if (newest?.ok && older?.ok) {
        wellFormedOrNull(
          normalizeMessagesFormat([mergeNewerPage(newest.value, older.value), ...pages.slice(2)]),
        );
      }
    },
  );

  fuzz('tree-format responses', treeResponses, (tree) => wellFormedOrNull(normalizeTreeFormat(tree)));

  fuzz('data exports', damagedCopies(Object.values(DATA_EXPORTS)), (file) => {
    const conversations = typedValue(normalizeDataExport(file));
    for (const conversation of conversations ?? []) expectWellFormed(conversation);
  });

  fuzz('both formats merged and compared', fc.tuple(messagesPages, treeResponses), ([pages, tree]) => {
    const messages = typedValue(normalizeMessagesFormat(pages));
    const fromTree = typedValue(normalizeTreeFormat(tree));
    const merged = typedValue(mergeConversationFormats({ messages, tree: fromTree }));
    if (merged !== null) expectWellFormed(merged);
    if (messages !== null && fromTree !== null) {
      const comparison = compareFormats(messages, fromTree);
      expect(comparison.messagesOnly.length).toBeLessThanOrEqual(messages.messages.length);
      expect(comparison.treeOnly.length).toBeLessThanOrEqual(fromTree.messages.length);
    }
  });
});

describe('conversation readers on bodies damaged as text', () => {
  const bodies = [
    ...Object.values(MESSAGES_DOCUMENTS).flat(),
    ...Object.values(TREE_DOCUMENTS),
    ...Object.values(DATA_EXPORTS),
  ].map((document) => JSON.stringify(document));

  fuzz(
    'a cut, spliced or padded body is malformed JSON or read as its shape says',
    fc.tuple(fc.constantFrom(...bodies), textEdits).map(([body, edits]) => editText(body, edits)),
    (body) => {
      const parsed = parseJson(body);
      const value = typedValue(parsed);
      if (!parsed.ok) {
        expect(parsed.error.code).toBe('malformed-json');
        return;
      }
      typedValue(normalizeMessagesFormat([value]));
      typedValue(normalizeTreeFormat(value));
      typedValue(normalizeDataExport(value));
      detectInputKind(value);
    },
  );
});
