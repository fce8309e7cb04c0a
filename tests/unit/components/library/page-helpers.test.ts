import { describe, expect, it } from 'vitest';
import { findConversations } from '@/components/library/conversation-search';
import { dayEnd, dayStart, dayText } from '@/components/library/date-text';
import { importSummary } from '@/components/library/import-summary';
import { libraryFileStem } from '@/components/library/library-file-names';
import { countOf, ofText, shareText } from '@/components/library/number-text';
import { retentionOf } from '@/components/shell/retention-days';
import { summaryOf } from '@/lib/library/library-summary';
import { MAX_RETENTION_DAYS } from '@/lib/runtime/contract/settings';
import { libraryConversation } from '@/tests/support/library-records';

describe('days in the date filters', () => {
  it('read a picked day as the whole of that day in the user time zone', () => {
    expect(dayStart('2026-11-25')).toBe(new Date(2026, 10, 25).getTime());
    expect(dayEnd('2026-11-25')).toBe(new Date(2026, 10, 26).getTime() - 1);
    expect(dayStart('')).toBeNull();
    expect(dayEnd('25/11/2026')).toBeNull();
  });

  it('write a moment as its day, and nothing for an unknown one', () => {
    expect(dayText(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
    expect(dayText(null)).toBe('');
    expect(dayText(dayEnd('2026-11-25'))).toBe('2026-11-25');
  });

  it('name the saved files for the day', () => {
    expect(libraryFileStem(new Date(2026, 10, 25, 8).getTime())).toBe('chat-lens-library-2026-11-25');
  });
});

describe('numbers', () => {
  it('are written in English with separators', () => {
    expect(ofText(1234, 100_000)).toBe('1,234 of 100,000');
    expect(shareText(0.4215)).toBe('42.2%');
    expect(countOf(1, 'conversation', 'conversations')).toBe('1 conversation');
    expect(countOf(2000, 'conversation', 'conversations')).toBe('2,000 conversations');
  });
});

describe('automatic deletion days', () => {
  it('take a whole number of days in range, or nothing to keep until deleted', () => {
    expect(retentionOf('30')).toEqual({ ok: true, value: 30 });
    expect(retentionOf(' ')).toEqual({ ok: true, value: null });
    expect(retentionOf(String(MAX_RETENTION_DAYS))).toEqual({ ok: true, value: MAX_RETENTION_DAYS });
    for (const wrong of ['0', '-3', '2.5', 'ten', String(MAX_RETENTION_DAYS + 1)])
      expect(retentionOf(wrong).ok, wrong).toBe(false);
  });
});

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

describe('what an import came to', () => {
  const record = (id: string) => libraryConversation(id);

  it('counts what was written, what the library held as new, and what could not be read', () => {
    const incoming = ['a', 'b', 'c', 'c', 'd'].map(record);
    expect(importSummary(incoming, [record('a'), record('b')], 1)).toBe(
      'Imported 2 conversations, 2 already newer, 1 skipped.',
    );
    expect(importSummary([record('a')], [record('a')], 0)).toBe('Imported 1 conversation.');
    expect(importSummary([], [], 0)).toBe('Imported 0 conversations.');
  });
});
