import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings } from '@/lib/runtime/settings';

describe('readSettings', () => {
  it('keeps every valid choice the user stored', () => {
    const chosen = {
      defaultFormat: 'csv',
      includeHiddenAndTools: true,
      citations: 'footnotes',
      theme: 'dark',
    };
    expect(readSettings(chosen)).toEqual(chosen);
  });

  it('falls back member by member, so one bad value does not lose the others', () => {
    expect(readSettings({ defaultFormat: 'pdf', theme: 'dark', includeHiddenAndTools: 'yes' })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
    });
  });

  it('reads nothing stored, or something that is no settings object, as the defaults', () => {
    for (const stored of [undefined, null, 'md', 42, [], { unknown: true }]) {
      expect(readSettings(stored)).toEqual(DEFAULT_SETTINGS);
    }
  });

  it('always gives settings the export and the theme can use, whatever was stored', () => {
    fc.assert(
      fc.property(fc.anything(), (stored) => {
        const settings = readSettings(stored);
        expect(['md', 'json', 'csv']).toContain(settings.defaultFormat);
        expect(['inline', 'footnotes']).toContain(settings.citations);
        expect(['system', 'light', 'dark']).toContain(settings.theme);
        expect(typeof settings.includeHiddenAndTools).toBe('boolean');
        expect(readSettings(settings)).toEqual(settings);
      }),
    );
  });
});
