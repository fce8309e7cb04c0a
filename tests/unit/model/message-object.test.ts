import { describe, expect, it } from 'vitest';
import { normalizeMessageObject, readRefId, readThinkingEffort } from '@/lib/model/message-object';

describe('readRefId', () => {
  it('keeps the string form and turns the older object form into it', () => {
    expect(readRefId('turn0search3')).toBe('turn0search3');
    expect(readRefId({ turn_index: 0, ref_type: 'search', ref_index: 3 })).toBe('turn0search3');
    expect(readRefId({ ref_id: 'turn1news0' })).toBe('turn1news0');
    expect(readRefId({ ref_type: 'search' })).toBeNull();
  });
});

describe('readThinkingEffort', () => {
  it('reads a word, a number, or an object holding either', () => {
    expect(['high', 64, { effort: 'low' }, { level: 2 }, null].map(readThinkingEffort)).toEqual([
      'high',
      '64',
      'low',
      '2',
      null,
    ]);
  });
});

describe('normalizeMessageObject', () => {
  const raw = {
    id: 'm4',
    author: { role: 'tool', name: 'web.run' },
    create_time: 1790841608.5,
    content: { content_type: 'text', parts: ['Found 3 results.'] },
    recipient: 'all',
    metadata: {
      parent_id: 'm3',
      search_model_queries: { queries: ['capital of France'] },
      ref_id: { turn_index: 0, ref_type: 'search', ref_index: 2 },
      is_visually_hidden_from_conversation: false,
    },
  };

  it('keeps every field a reader of the conversation needs', () => {
    expect(normalizeMessageObject(raw, { format: 'messages', fallbackId: 'x' })).toEqual({
      id: 'm4',
      parentId: 'm3',
      role: 'tool',
      authorName: 'web.run',
      recipient: 'all',
      contentType: 'text',
      text: 'Found 3 results.',
      assets: [],
      createTimeMs: 1790841608500,
      hidden: false,
      preamble: false,
      channel: null,
      refId: 'turn0search2',
      thinkingEffort: null,
      metadataKeys: ['parent_id', 'search_model_queries', 'ref_id', 'is_visually_hidden_from_conversation'],
      metadata: raw.metadata,
      format: 'messages',
    });
  });

  it('takes the parent from the tree node over the one in the object', () => {
    const message = normalizeMessageObject(raw, { format: 'tree', fallbackId: 'x', parentId: 'm2' });
    expect(message?.parentId).toBe('m2');
  });

  it('marks hidden messages and thinking preambles', () => {
    const message = normalizeMessageObject(
      {
        id: 'p',
        metadata: { is_thinking_preamble_message: true, is_visually_hidden_from_conversation: 'true' },
      },
      { format: 'messages', fallbackId: 'x' },
    );
    expect(message).toMatchObject({
      preamble: true,
      hidden: true,
      role: 'unknown',
      contentType: 'unknown',
      text: '',
    });
  });

  it('reads a commentary channel as a preamble, and keeps the channel', () => {
    const spoken = (channel: string) =>
      normalizeMessageObject(
        {
          id: channel,
          author: { role: 'assistant' },
          channel,
          content: { content_type: 'text', parts: ['…'] },
        },
        { format: 'messages', fallbackId: 'x' },
      );
    expect(spoken('commentary')).toMatchObject({ preamble: true, channel: 'commentary' });
    expect(spoken('final')).toMatchObject({ preamble: false, channel: 'final' });
  });

  it('uses the fallback id for an object without one, and refuses what is no object', () => {
    expect(normalizeMessageObject({}, { format: 'tree', fallbackId: 'node-9' })?.id).toBe('node-9');
    expect(normalizeMessageObject('m1', { format: 'tree', fallbackId: 'node-9' })).toBeNull();
  });
});
