import { describe, expect, it } from 'vitest';
import { dayEnd, dayStart, dayText } from '@/components/library/shared/date-text';
import { libraryFileStem } from '@/components/library/shared/library-file-names';
import { countOf, ofText, shareText } from '@/components/library/shared/number-text';
import { retentionOf } from '@/components/shell/retention-days';
import { MAX_RETENTION_DAYS } from '@/lens/runtime/contract/settings';

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
