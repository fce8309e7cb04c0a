import { describe, expect, it } from 'vitest';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { SMALL_MESSAGE_IDS, smallPages } from '@/tests/unit/fixtures/read-fixture';

const okValue = <T>(result: { ok: true; value: T } | { ok: false }): T => {
  if (!result.ok) throw new Error('expected an ok result');
  return result.value;
};

describe('normalizeMessagesFormat', () => {
  it('puts the pages, given newest first, into one list oldest first', () => {
    const conversation = okValue(normalizeMessagesFormat(smallPages()));
    expect(conversation.messages.map((message) => message.id)).toEqual(SMALL_MESSAGE_IDS);
    expect(conversation.messages.every((message) => message.format === 'messages')).toBe(true);
  });

  it('reads the conversation fields of 2.1 from the newest page', () => {
    const conversation = okValue(normalizeMessagesFormat(smallPages()));
    expect(conversation).toMatchObject({
      id: 'c-small',
      title: 'Capitals',
      createTimeMs: Date.UTC(2026, 9, 1, 8, 0),
      updateTimeMs: Date.UTC(2026, 9, 1, 8, 5),
      modelSlug: 'gpt-5-1',
      currentNode: 'm7',
      extraKeys: ['future_flag'],
    });
    expect(conversation.flags).toMatchObject({
      is_starred: true,
      is_archived: false,
      sugar_item_visible: null,
    });
  });

  it('groups the messages into turns of a visible user message and its answers', () => {
    const conversation = okValue(normalizeMessagesFormat(smallPages()));
    expect(conversation.turns).toEqual([
      { userMessageId: null, messageIds: ['m0'] },
      { userMessageId: 'm1', messageIds: ['m1', 'm2', 'm3', 'm4', 'm5'] },
      { userMessageId: 'm6', messageIds: ['m6', 'm7'] },
    ]);
  });

  it('is complete when the oldest page has no previous page, and says so otherwise', () => {
    const both = normalizeMessagesFormat(smallPages());
    expect(okValue(both).formatLoads.messages).toEqual({
      loaded: true,
      complete: true,
      pages: 2,
      note: null,
    });
    expect(both.ok && both.warnings).toEqual([]);
    const newestOnly = okValue(normalizeMessagesFormat(smallPages().slice(0, 1))).formatLoads.messages;
    expect(newestOnly).toMatchObject({ loaded: true, complete: false, pages: 1 });
    expect(newestOnly.note).toMatch(/older messages/i);
  });

  it('lets the newer page win where two pages hold the same message, keeping its place', () => {
    const [newest, older] = smallPages();
    const refreshed = structuredClone(older) as { messages: Array<Record<string, unknown>> };
    const m5 = refreshed.messages[5] as Record<string, unknown>;
    const fresh = {
      ...newest,
      messages: [{ ...m5, content: { content_type: 'text', parts: ['Paris (edited).'] } }],
    };
    const conversation = okValue(normalizeMessagesFormat([fresh, newest, older]));
    expect(conversation.messages.map((message) => message.id)).toEqual(SMALL_MESSAGE_IDS);
    expect(conversation.messages[5]?.text).toBe('Paris (edited).');
  });

  it('keeps the list order but warns when parent links disagree with it', () => {
    const [newest, older] = smallPages();
    const swapped = { ...newest, messages: [...(newest.messages as unknown[])].reverse() };
    const result = normalizeMessagesFormat([swapped, older]);
    expect(
      okValue(result)
        .messages.slice(-2)
        .map((message) => message.id),
    ).toEqual(['m7', 'm6']);
    expect(result.ok && result.warnings.join(' ')).toMatch(/do not follow their parent/);
  });

  it('takes the last message as the leaf when current_node is missing', () => {
    const [newest, older] = smallPages();
    delete newest.current_node;
    const result = normalizeMessagesFormat([newest, older]);
    expect(okValue(result).currentNode).toBe('m7');
    expect(result.ok && result.warnings.join(' ')).toMatch(/no current_node/);
  });

  it('skips an unreadable page with a warning and keeps the others', () => {
    const [newest, older] = smallPages();
    const result = normalizeMessagesFormat([newest, { messages: 'none' }, older]);
    const conversation = okValue(result);
    expect(conversation.messages).toHaveLength(8);
    expect(conversation.formatLoads.messages.complete).toBe(false);
    expect(result.ok && result.warnings.join(' ')).toMatch(/Page 2 .*no messages list/);
  });

  it('serves an empty conversation with a warning', () => {
    const result = normalizeMessagesFormat([{ messages: [], page_info: { has_previous_page: false } }]);
    expect(okValue(result).messages).toEqual([]);
    expect(result.ok && result.warnings).toContain('The conversation has no messages.');
  });

  it('fails with a typed error when no page can be read', () => {
    expect(normalizeMessagesFormat([])).toMatchObject({ ok: false, error: { code: 'unexpected-shape' } });
    expect(normalizeMessagesFormat([null, 4])).toMatchObject({
      ok: false,
      error: { code: 'unexpected-shape' },
    });
  });
});
