import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TEMPLATE_LENGTH } from '@/lens/export/export-options';
import { EXTENSION_EXPORT_FORMATS } from '@/lens/export/formats';
import {
  DEFAULT_SETTINGS,
  readSettings,
  type Settings,
  settingsChanges,
} from '@/lens/runtime/contract/settings';
import { templateProblem } from '@/lib/export/export-fields';
import { frontMatterTemplateProblem } from '@/lib/export/yaml-front-matter';

const OFFERED_FORMATS = EXTENSION_EXPORT_FORMATS.map((format) => format.id);

describe('readSettings', () => {
  it('keeps every valid choice the user stored', () => {
    const chosen = {
      defaultFormat: 'csv',
      includeHiddenAndTools: true,
      includeImages: true,
      citations: 'footnotes',
      reasoning: 'summary',
      toolCalls: 'none',
      timestamps: 'on',
      branches: 'all',
      fileNameTemplate: '{title} ({date})',
      frontMatterTemplate: 'title: {title}\ntags: chatgpt',
      theme: 'dark',
      library: { enabled: true, keepAnswerText: false, retentionDays: 90 },
    };
    expect(readSettings(chosen)).toEqual(chosen);
  });

  it('falls back member by member, so one bad value does not lose the others', () => {
    expect(readSettings({ defaultFormat: 'pdf', theme: 'dark', includeHiddenAndTools: 'yes' })).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
    });
  });

  it('writes the transcript as it was written before any choice: reasoning whole, tools shown, no times, the active branch', () => {
    expect(readSettings({})).toMatchObject({
      reasoning: 'full',
      toolCalls: 'shown',
      timestamps: 'off',
      branches: 'active',
    });
  });

  it('reads an unknown transcript choice as its default, keeping the others', () => {
    expect(
      readSettings({ reasoning: 'brief', toolCalls: 'none', timestamps: true, branches: 'some' }),
    ).toEqual({
      ...DEFAULT_SETTINGS,
      toolCalls: 'none',
    });
  });

  it('keeps a template only when the export can use it', () => {
    for (const [stored, read] of [
      [{ fileNameTemplate: '{date} {tilte}' }, DEFAULT_SETTINGS],
      [{ frontMatterTemplate: 'no colon here' }, DEFAULT_SETTINGS],
      [{ frontMatterTemplate: 'x'.repeat(MAX_TEMPLATE_LENGTH + 1) }, DEFAULT_SETTINGS],
      [{ frontMatterTemplate: '' }, { ...DEFAULT_SETTINGS, frontMatterTemplate: '' }],
    ] as const) {
      expect(readSettings(stored)).toEqual(read);
    }
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
        expect(OFFERED_FORMATS).toContain(settings.defaultFormat);
        expect(['inline', 'footnotes']).toContain(settings.citations);
        expect(['full', 'summary', 'none']).toContain(settings.reasoning);
        expect(['shown', 'none']).toContain(settings.toolCalls);
        expect(['on', 'off']).toContain(settings.timestamps);
        expect(['active', 'all']).toContain(settings.branches);
        expect(['system', 'light', 'dark']).toContain(settings.theme);
        expect(typeof settings.includeHiddenAndTools).toBe('boolean');
        expect(typeof settings.library.enabled).toBe('boolean');
        expect(templateProblem(settings.fileNameTemplate)).toBeNull();
        expect(frontMatterTemplateProblem(settings.frontMatterTemplate)).toBeNull();
        expect(settings.library.retentionDays === null || settings.library.retentionDays >= 1).toBe(true);
        expect(readSettings(settings)).toEqual(settings);
      }),
    );
  });

  it('drops members it does not know, so no stray stored value reaches the views', () => {
    const settings = readSettings({ theme: 'light', accessToken: 'CANARY-settings-token', version: 9 });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, theme: 'light' });
    expect(JSON.stringify(settings)).not.toContain('CANARY');
  });

  it('keeps exactly the valid members of any stored mix, each bad one at its default', () => {
    const member = <T>(valid: fc.Arbitrary<T>) =>
      fc.oneof(
        valid.map((value) => ({ valid: true as const, value })),
        fc.anything().map((value) => ({ valid: false as const, value })),
      );
    const stored = fc.record({
      defaultFormat: member(fc.constantFrom(...OFFERED_FORMATS)),
      includeHiddenAndTools: member(fc.boolean()),
      citations: member(fc.constantFrom('inline', 'footnotes')),
      reasoning: member(fc.constantFrom('full', 'summary', 'none')),
      toolCalls: member(fc.constantFrom('shown', 'none')),
      timestamps: member(fc.constantFrom('on', 'off')),
      branches: member(fc.constantFrom('active', 'all')),
      theme: member(fc.constantFrom('system', 'light', 'dark')),
      fileNameTemplate: member(fc.constantFrom('{date} {title}', '{title}', 'chat {id} {time}')),
      frontMatterTemplate: member(fc.constantFrom('', 'title: {title}', 'tags: chatgpt\nmodel: {model}')),
    });
    fc.assert(
      fc.property(stored, (members) => {
        const read = readSettings(
          Object.fromEntries(Object.entries(members).map(([key, { value }]) => [key, value])),
        );
        for (const [key, { valid, value }] of Object.entries(members)) {
          const name = key as keyof typeof DEFAULT_SETTINGS;
          // A value drawn from anything may happen to be valid too; it then reads as itself.
          if (valid) expect(read[name]).toBe(value);
          else expect([value, DEFAULT_SETTINGS[name]]).toContain(read[name]);
        }
      }),
    );
  });
});

/**
 * The settings item over a variable, as the pages save it: a write lands a task after it is asked for, as
 * the browser's storage answers, and the next write can be made to fail.
 */
function storedSettings(first: Settings) {
  let stored = first;
  const failing = { next: false };
  const change = settingsChanges(
    async () => stored,
    (settings) =>
      new Promise<void>((resolve, reject) =>
        setTimeout(() => {
          if (failing.next) {
            failing.next = false;
            reject(new Error('QUOTA_BYTES quota exceeded'));
            return;
          }
          stored = settings;
          resolve();
        }),
      ),
  );
  return { change, failing, stored: () => stored };
}

describe('a change of the settings', () => {
  it('keeps the change made a moment before it, still being saved', async () => {
    const settings = storedSettings({ ...DEFAULT_SETTINGS, toolCalls: 'none', timestamps: 'on' });
    // A choice, then a box ticked at once: both made from the same form, before either is saved.
    await Promise.all([settings.change({ toolCalls: 'shown' }), settings.change({ timestamps: 'off' })]);
    expect(settings.stored().toolCalls).toBe('shown');
    expect(settings.stored().timestamps).toBe('off');
  });

  it("changes only the library's choices it names", async () => {
    const settings = storedSettings({
      ...DEFAULT_SETTINGS,
      library: { enabled: false, keepAnswerText: false, retentionDays: 30 },
    });
    await Promise.all([
      settings.change({ library: { enabled: true } }),
      settings.change({ library: { retentionDays: 90 } }),
    ]);
    expect(settings.stored().library).toEqual({ enabled: true, keepAnswerText: false, retentionDays: 90 });
  });

  it('that fails to save says so, and the next change is still saved', async () => {
    const settings = storedSettings(DEFAULT_SETTINGS);
    settings.failing.next = true;
    const failed = settings.change({ theme: 'dark' });
    const next = settings.change({ defaultFormat: 'html' });
    await expect(failed).rejects.toThrow('QUOTA_BYTES');
    await next;
    expect(settings.stored().theme).toBe(DEFAULT_SETTINGS.theme);
    expect(settings.stored().defaultFormat).toBe('html');
  });

  it('is validated before it is stored, as a stored value is read', async () => {
    const settings = storedSettings(DEFAULT_SETTINGS);
    await settings.change({ library: { retentionDays: -4 } });
    expect(settings.stored().library.retentionDays).toBe(DEFAULT_SETTINGS.library.retentionDays);
  });
});
