import { browser } from '#imports';
import { channelMessage, type WorkerToRelay } from '@/lens/runtime/contract/relay-channel';
import { loadSettings } from '@/lens/runtime/contract/settings-items';
import { EXPORT_COMMAND, exportFromShortcut } from './export-shortcut';
import type { LensWorker } from './lens-worker';

/**
 * The keyboard shortcut in the service worker, registered synchronously by the background entry so a
 * worker woken by the key hears it. The export goes to the active tab's relay to be saved.
 */
export function listenForExportShortcut(ready: Promise<LensWorker>): void {
  browser.commands?.onCommand.addListener((command) => {
    if (command !== EXPORT_COMMAND) return;
    void exportFromShortcut({
      activeTabId: async () =>
        (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id ?? null,
      settings: loadSettings,
      exportConversation: async (tabId, format, options) =>
        (await ready).exportConversation(tabId, format, options),
      saveInTab: async (tabId, file) => {
        await browser.tabs.sendMessage(
          tabId,
          channelMessage<WorkerToRelay, 'saveExportFile'>('saveExportFile', file),
        );
      },
    }).catch(() => undefined);
  });
}
