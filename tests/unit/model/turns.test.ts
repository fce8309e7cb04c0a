import { describe, expect, it } from 'vitest';
import type { NormalizedMessage } from '@/lib/model/conversation';
import { groupTurns } from '@/lib/model/turns';

const message = (id: string, role: string, hidden = false): NormalizedMessage => ({
  id,
  parentId: null,
  role,
  authorName: null,
  recipient: 'all',
  assets: [],
  channel: null,
  contentType: 'text',
  text: id,
  createTimeMs: null,
  hidden,
  preamble: false,
  refId: null,
  thinkingEffort: null,
  metadataKeys: [],
  metadata: {},
  format: 'messages',
});

describe('groupTurns', () => {
  it('opens a turn at every visible user message, not at hidden context', () => {
    const messages = [
      message('sys', 'system', true),
      message('ctx', 'user', true),
      message('u1', 'user'),
      message('a1', 'assistant'),
      message('t1', 'tool'),
      message('a2', 'assistant'),
      message('u2', 'user'),
    ];
    expect(groupTurns(messages)).toEqual([
      { userMessageId: null, messageIds: ['sys', 'ctx'] },
      { userMessageId: 'u1', messageIds: ['u1', 'a1', 't1', 'a2'] },
      { userMessageId: 'u2', messageIds: ['u2'] },
    ]);
  });

  it('has no turns without messages', () => {
    expect(groupTurns([])).toEqual([]);
  });
});
