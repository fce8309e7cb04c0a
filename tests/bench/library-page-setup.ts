import type { Worker } from 'playwright-core';

/** The overview's first total: drawn from the summaries once they are read, never before (mount-library.tsx). */
export const OVERVIEW_TOTAL = '[data-testid="figure-conversations"]';

/** The library setting on, as the settings panel turns it on (tests/e2e/library-state.ts does the same). */
export async function turnLibraryOn(worker: Worker): Promise<void> {
  await worker.evaluate(async () => {
    const { settings } = (await chrome.storage.local.get('settings')) as {
      settings?: Record<string, unknown>;
    };
    const library = (settings?.library ?? {}) as Record<string, unknown>;
    await chrome.storage.local.set({ settings: { ...settings, library: { ...library, enabled: true } } });
  });
}
