import { describe, expect, it } from 'vitest';
import { findConversations } from '@/components/library/manage/conversation-search';
import { summaryOf } from '@/lens/library/library-summary';
import { libraryConversation } from '@/tests/support/library-records';

describe('finding a kept conversation to delete', () => {
  const summaries = [
    libraryConversation('a', undefined, { title: 'Cast iron skillets', savedAt: 1 }),
    libraryConversation('b', undefined, { title: 'Chef knives', savedAt: 3 }),
    libraryConversation('c', undefined, { title: null, savedAt: 2 }),
  ].map(summaryOf);

  it('lists the most recently kept first, and finds every word typed in a title or an id', () => {
    expect(findConversations(summaries, '').map((found) => found.id)).toEqual(['b', 'c', 'a']);
    expect(findConversations(summaries, 'SKILLETS iron').map((found) => found.id)).toEqual(['a']);
    expect(findConversations(summaries, 'c').map((found) => found.id)).toEqual(['b', 'c', 'a']);
    expect(findConversations(summaries, 'pans')).toEqual([]);
  });
});
