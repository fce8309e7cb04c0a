import { describe, expect, it } from 'vitest';
import type { ExportFile, ExportFormat, ExportOptions } from '@/lens/runtime/contract/export-file';
import { DEFAULT_SETTINGS, type Settings } from '@/lens/runtime/contract/settings';
import { type ExportShortcutDeps, exportFromShortcut } from '@/lens/runtime/worker/export-shortcut';
import { fail, ok } from '@/lib/model/result';

/** A worker with one conversation in tab 7; what the tab saved is recorded. */
function worker(settings: Settings, activeTabId: number | null = 7) {
  const saved: Array<{ tabId: number; file: ExportFile }> = [];
  const deps: ExportShortcutDeps = {
    activeTabId: async () => activeTabId,
    settings: async () => settings,
    async exportConversation(tabId: number, format: ExportFormat, options: ExportOptions) {
      if (tabId !== 7) return fail('not-found', 'No conversation of chatgpt.com is open in that tab.');
      return ok({ fileName: `chat.${format}`, mimeType: 'text/plain', text: JSON.stringify(options) });
    },
    async saveInTab(tabId, file) {
      saved.push({ tabId, file });
    },
  };
  return { deps, saved };
}

describe('exportFromShortcut', () => {
  it("saves the active tab's conversation in the default format with the chosen options", async () => {
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      defaultFormat: 'json',
      citations: 'footnotes',
      reasoning: 'summary',
      toolCalls: 'none',
      timestamps: 'on',
      branches: 'all',
      includeImages: true,
      fileNameTemplate: '{title}',
      frontMatterTemplate: 'tags: chatgpt',
    };
    const { deps, saved } = worker(settings);
    expect(await exportFromShortcut(deps)).toEqual(ok('chat.json'));
    expect(saved).toEqual([
      {
        tabId: 7,
        file: {
          fileName: 'chat.json',
          mimeType: 'text/plain',
          text: JSON.stringify({
            citations: 'footnotes',
            includeHiddenAndTools: false,
            includeImages: true,
            reasoning: 'summary',
            toolCalls: 'none',
            timestamps: 'on',
            branches: 'all',
            frontMatterTemplate: 'tags: chatgpt',
            fileNameTemplate: '{title}',
          }),
        },
      },
    ]);
  });

  it('saves nothing and says why when no conversation is open or no tab is active', async () => {
    for (const activeTabId of [8, null]) {
      const { deps, saved } = worker(DEFAULT_SETTINGS, activeTabId);
      const result = await exportFromShortcut(deps);
      expect(result.ok).toBe(false);
      expect(saved).toEqual([]);
    }
  });

  it('answers an error when the tab cannot save (a page without the relay)', async () => {
    const { deps } = worker(DEFAULT_SETTINGS);
    const result = await exportFromShortcut({
      ...deps,
      saveInTab: async () => {
        throw new Error('Could not establish connection. Receiving end does not exist.');
      },
    });
    expect(result).toMatchObject({ ok: false, error: { message: /could not save the file/ } });
  });
});
