import type { ExportFile, ExportFormat, ExportOptions } from '@/lens/runtime/contract/export-file';
import { exportOptionsOf, type Settings } from '@/lens/runtime/contract/settings';
import { fail, ok, type Result } from '@/lib/model/result';

/** The manifest's command (wxt.config.ts `commands`): suggested Alt+Shift+E. */
export const EXPORT_COMMAND = 'export-conversation';

export interface ExportShortcutDeps {
  /** The active tab of the focused window, if any. */
  activeTabId(): Promise<number | null>;
  settings(): Promise<Settings>;
  exportConversation(
    tabId: number,
    format: ExportFormat,
    options: ExportOptions,
  ): Promise<Result<ExportFile>>;
  /** The tab's relay makes the Blob and the download: a service worker has no object URLs. */
  saveInTab(tabId: number, file: ExportFile): Promise<void>;
}

/**
 * The keyboard shortcut: the active tab's conversation in the default format, with the settings' options,
 * saved without opening anything. Answers the saved file's name, or why not.
 */
export async function exportFromShortcut(deps: ExportShortcutDeps): Promise<Result<string>> {
  const tabId = await deps.activeTabId();
  if (tabId === null) return fail('not-found', 'No tab is active.');
  const settings = await deps.settings();
  const exported = await deps.exportConversation(tabId, settings.defaultFormat, exportOptionsOf(settings));
  if (!exported.ok) return exported;
  try {
    await deps.saveInTab(tabId, exported.value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail('http', `The tab could not save the file: ${reason}`);
  }
  return ok(exported.value.fileName, exported.warnings);
}
