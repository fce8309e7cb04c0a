import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openExtensionPage } from '@/tests/support/extension-page';
import { showLibraryTab } from './demo-library';

/**
 * Screenshots for a store listing: 1280x800, the size both the Chrome Web Store and addons.mozilla.org take.
 * A browser's own side panel and popup are not part of a page screenshot, so each shot is put together as the
 * user sees it: the chat page with the real side panel beside it, one shot per view, the chat page with
 * the real popup open over its top right corner, and the library page's overview as its tab shows it.
 */
export const STORE_SIZE = { width: 1280, height: 800 };
const PANEL_SIZE = { width: 420, height: 800 };
const POPUP_SIZE = { width: 400, height: 600 };

/** The side panel's views worth a store shot, by the number key that shows each (components SECTIONS). */
const PANEL_VIEWS = [
  ['1', 'queries'],
  ['2', 'sources'],
  ['3', 'ads'],
  ['4', 'offers'],
] as const;

interface Layer {
  png: Buffer;
  left: number;
  top: number;
  /** A popup floats over the page, with the browser's shadow. */
  floating?: boolean;
}

/** Lays the layers out on a 1280x800 page of their own and shoots it. */
async function compose(canvas: Page, layers: Layer[], file: string): Promise<void> {
  const images = layers.map(
    (layer) =>
      `<img src="data:image/png;base64,${layer.png.toString('base64')}" style="position:absolute;left:${layer.left}px;top:${layer.top}px;${layer.floating ? 'box-shadow:0 4px 16px rgba(0,0,0,.35);border-radius:8px;' : ''}">`,
  );
  await canvas.setContent(`<body style="margin:0;background:#fff">${images.join('')}</body>`);
  await canvas.screenshot({ path: file });
}

/** Writes demo-output/store/*.png and adds each file to `shots`. */
export async function shootStoreListing(
  chat: Page,
  extensionBase: string,
  tabId: number | undefined,
  outputDir: string,
  shots: string[],
): Promise<void> {
  const storeDir = join(outputDir, 'store');
  mkdirSync(storeDir, { recursive: true });
  const canvas = await chat.context().newPage();
  await canvas.setViewportSize(STORE_SIZE);

  await chat.setViewportSize({ width: STORE_SIZE.width - PANEL_SIZE.width, height: STORE_SIZE.height });
  const chatBesidePanel = await chat.screenshot();
  const panel = await openExtensionPage(chat, `${extensionBase}/sidepanel.html?tabId=${tabId}`, PANEL_SIZE);
  for (const [index, [key, view]] of PANEL_VIEWS.entries()) {
    await panel.keyboard.press(key);
    await panel.waitForSelector(`[role="tab"][aria-selected="true"][aria-keyshortcuts="${key}"]`);
    const file = join(storeDir, `${index + 1}-side-panel-${view}.png`);
    await compose(
      canvas,
      [
        { png: chatBesidePanel, left: 0, top: 0 },
        { png: await panel.screenshot(), left: STORE_SIZE.width - PANEL_SIZE.width, top: 0 },
      ],
      file,
    );
    shots.push(file);
  }
  await panel.close();

  await chat.setViewportSize(STORE_SIZE);
  const popup = await openExtensionPage(chat, `${extensionBase}/popup.html?tabId=${tabId}`, POPUP_SIZE);
  const file = join(storeDir, `${PANEL_VIEWS.length + 1}-popup.png`);
  await compose(
    canvas,
    [
      { png: await chat.screenshot(), left: 0, top: 0 },
      {
        png: await popup.screenshot(),
        left: STORE_SIZE.width - POPUP_SIZE.width - 16,
        top: 8,
        floating: true,
      },
    ],
    file,
  );
  shots.push(file);
  await popup.close();
  await canvas.close();
}

/** The library page on its overview, already open at STORE_SIZE: the last picture of the set. */
export async function shootStoreLibrary(library: Page, outputDir: string, shots: string[]): Promise<void> {
  for (const [place, name] of (['Overview', 'Variance'] as const).entries()) {
    await showLibraryTab(library, name);
    const file = join(
      outputDir,
      'store',
      `${PANEL_VIEWS.length + 2 + place}-library-${name.toLowerCase()}.png`,
    );
    await library.screenshot({ path: file });
    shots.push(file);
  }
}
