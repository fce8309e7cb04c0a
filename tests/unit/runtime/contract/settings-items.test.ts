import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@/lens/runtime/contract/settings';
import { changeSettings, loadSettings } from '@/lens/runtime/contract/settings-items';

/**
 * WXT's storage over a Map, as the settings item uses it. A write lands a task after it is asked for, as
 * the browser's storage answers, and can be made to fail once.
 */
const { area, failNextWrite } = vi.hoisted(() => ({
  area: new Map<string, unknown>(),
  failNextWrite: { on: false },
}));
vi.mock('#imports', () => ({
  storage: {
    defineItem: (key: string, options: { fallback: unknown }) => ({
      getValue: async () => (area.has(key) ? area.get(key) : options.fallback),
      setValue: (value: unknown) =>
        new Promise<void>((resolve, reject) =>
          setTimeout(() => {
            if (failNextWrite.on) {
              failNextWrite.on = false;
              reject(new Error('QUOTA_BYTES quota exceeded'));
              return;
            }
            area.set(key, value);
            resolve();
          }),
        ),
      watch: () => () => undefined,
    }),
  },
}));

const stored = (settings: Settings): void => {
  area.set('local:settings', settings);
};

describe('a change of the settings', () => {
  beforeEach(() => {
    area.clear();
    failNextWrite.on = false;
  });

  it('keeps the change made a moment before it, still being saved', async () => {
    stored({ ...DEFAULT_SETTINGS, toolCalls: 'none', timestamps: 'on' });
    // A choice, then a box ticked at once: both made from the same form, before either is saved.
    await Promise.all([changeSettings({ toolCalls: 'shown' }), changeSettings({ timestamps: 'off' })]);
    const settings = await loadSettings();
    expect(settings.toolCalls).toBe('shown');
    expect(settings.timestamps).toBe('off');
  });

  it("changes only the library's choices it names", async () => {
    stored({ ...DEFAULT_SETTINGS, library: { enabled: false, keepAnswerText: false, retentionDays: 30 } });
    await Promise.all([
      changeSettings({ library: { enabled: true } }),
      changeSettings({ library: { retentionDays: 90 } }),
    ]);
    expect((await loadSettings()).library).toEqual({
      enabled: true,
      keepAnswerText: false,
      retentionDays: 90,
    });
  });

  it('that fails to save says so, and the next change is still saved', async () => {
    failNextWrite.on = true;
    const failed = changeSettings({ theme: 'dark' });
    const next = changeSettings({ defaultFormat: 'html' });
    await expect(failed).rejects.toThrow('QUOTA_BYTES');
    await next;
    const settings = await loadSettings();
    expect(settings.theme).toBe(DEFAULT_SETTINGS.theme);
    expect(settings.defaultFormat).toBe('html');
  });

  it('is validated before it is stored, as a stored value is read', async () => {
    await changeSettings({ library: { retentionDays: -4 } });
    expect((await loadSettings()).library.retentionDays).toBe(DEFAULT_SETTINGS.library.retentionDays);
  });
});
