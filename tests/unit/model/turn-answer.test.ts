import { describe, expect, it } from 'vitest';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import type { Conversation } from '@/lib/model/conversation';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { isAnswerMessage } from '@/lib/model/turn-answer';
import {
  ANSWER,
  CLOSING,
  MESSAGES_PAGE_DONE,
  PREAMBLE,
  TREE_ANSWERING,
} from '@/tests/unit/fixtures/several-assistant-messages';

const conversationRead = (read: { ok: boolean; value?: Conversation }): Conversation => {
  if (!read.ok || read.value === undefined) throw new Error('did not read');
  return read.value;
};

const done = conversationRead(normalizeMessagesFormat([MESSAGES_PAGE_DONE]));
const answering = conversationRead(normalizeTreeFormat(TREE_ANSWERING));

describe('a turn of several assistant messages (site-interface 10.11)', () => {
  it('takes the final channel as the answer: not the reasoning, the preambles or the recap', () => {
    expect(done.messages.filter(isAnswerMessage).map((message) => message.id)).toEqual(['a-final']);
    const preambles = done.messages.filter((message) => message.preamble).map((message) => message.id);
    expect(preambles).toEqual(['a-preamble', 'a-closing']);
  });

  it('keeps only the answer as the library’s answer text, though a note follows it', () => {
    const record = recordOfInspection(inspect({ conversation: done }), { keepAnswerText: true, savedAt: 0 });
    const turn = record?.turns.find((kept) => kept.prompt !== null);
    expect(turn?.answer).toBe(ANSWER);
    expect(turn?.answer).not.toContain(PREAMBLE);
    expect(turn?.answer).not.toContain(CLOSING);
  });

  it('tolerates a parent the formats lack: every message is read, in order', () => {
    expect(done.messages.map((message) => message.id)).toEqual([
      'u1',
      'a-thoughts',
      'a-preamble',
      'a-recap',
      'a-final',
      'a-closing',
    ]);
  });

  it('says the answer is being made while a read says so, and no more once one says it is done', () => {
    expect(answering.answering).toBe(true);
    expect(done.answering).toBe(false);
    const merged = mergeConversationFormats({ messages: done, tree: answering });
    expect(merged.ok && merged.value.answering).toBe(false);
  });

  it('never shows a turn read while answering as finished without an answer', () => {
    const record = recordOfInspection(inspect({ conversation: answering }), {
      keepAnswerText: true,
      savedAt: 0,
    });
    expect(record?.turns.find((kept) => kept.prompt !== null)?.answer).toBe('');
    const markdown = (conversation: Conversation) =>
      exportMarkdown(inspect({ conversation }), { exportedAt: new Date(0) });
    expect(markdown(answering)).toContain(
      '_Still answering when this was read: the answer is not in this export._',
    );
    expect(markdown(done)).not.toContain('Still answering');
  });
});
