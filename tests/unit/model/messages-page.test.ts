import { describe, expect, it } from 'vitest';
import { type MessagesPage, mergeNewerPage, readMessagesPage } from '@/lib/model/messages-page';

const page = (ids: string[], startCursor: string, hasPreviousPage: boolean): MessagesPage => {
  const result = readMessagesPage({
    title: `page ${startCursor}`,
    messages: ids.map((id) => ({ id, content: { content_type: 'text', parts: [id] } })),
    page_info: {
      start_cursor: startCursor,
      end_cursor: `end-${startCursor}`,
      has_previous_page: hasPreviousPage,
    },
  });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const idsIn = (record: Record<string, unknown>): unknown[] =>
  (record.messages as Array<{ id: string }>).map((message) => message.id);

describe('readMessagesPage', () => {
  it('reads page_info with cursors as strings and drifting booleans', () => {
    const result = readMessagesPage({
      messages: [],
      page_info: { start_cursor: 12, has_previous_page: 'true' },
    });
    expect(result.ok && result.value.pageInfo).toEqual({
      startCursor: '12',
      endCursor: null,
      hasPreviousPage: true,
      hasNextPage: null,
    });
  });

  it('refuses a body without a messages list', () => {
    expect(readMessagesPage({ mapping: {} })).toMatchObject({
      ok: false,
      error: { code: 'unexpected-shape' },
    });
  });
});

describe('mergeNewerPage', () => {
  it('keeps held messages older than the fresh window and takes the fresh page for the rest', () => {
    const merged = mergeNewerPage(
      page(['c', 'd', 'e', 'f'], 'fresh', true),
      page(['a', 'b', 'c', 'd'], 'held', true),
    );
    expect(idsIn(merged)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(merged.title).toBe('page fresh');
  });

  it('reaches back as far as the held page did', () => {
    const merged = mergeNewerPage(page(['c', 'd'], 'fresh', true), page(['a', 'b', 'c'], 'held', false));
    expect(merged.page_info).toMatchObject({
      start_cursor: 'held',
      has_previous_page: false,
      end_cursor: 'end-fresh',
    });
  });

  it('drops held messages the fresh page replaced on the active branch', () => {
    const merged = mergeNewerPage(
      page(['b', 'x', 'y'], 'fresh', true),
      page(['a', 'b', 'c', 'd'], 'held', true),
    );
    expect(idsIn(merged)).toEqual(['a', 'b', 'x', 'y']);
  });
});
