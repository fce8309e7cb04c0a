import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { FIXTURE_IDS } from '../tests/replica/fixtures/ids';
import { startReplica } from '../tests/replica/server';
import { buildExtension, projectRoot } from './build-extension';
import { launchBrowserWithExtension } from './launch-browser';

/**
 * `npm run demo`: the production extension in Chromium against the replica with sample conversations.
 * With a display it stays open until Ctrl-C; headless (no DISPLAY, or --headless) it saves screenshots
 * of the chat page, the popup and the side panel to demo-output/ and exits.
 */
const headless = process.argv.includes('--headless') || !process.env.DISPLAY;
const outputDir = join(projectRoot, 'demo-output');
const conversationId = FIXTURE_IDS.products;

async function waitUntilLoaded(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __replica?: { loaded: boolean } }).__replica?.loaded,
    {
      timeout: 30_000,
    },
  );
}

async function main(): Promise<void> {
  console.log('Building the extension…');
  const extensionDir = buildExtension();
  const replica = await startReplica();
  console.log(`Replica of chatgpt.com on https://127.0.0.1:${replica.port}`);
  const { context, extensionId } = await launchBrowserWithExtension({
    extensionDir,
    replicaPort: replica.port,
    headless,
  });
  const chat = context.pages()[0] ?? (await context.newPage());
  await chat.goto(`https://chatgpt.com/c/${conversationId}`);
  await waitUntilLoaded(chat);

  if (!headless) {
    console.log('Chromium is open on a sample conversation with Chat Lens installed. Ctrl-C to stop.');
    await new Promise<void>((resolve) => process.once('SIGINT', resolve));
  } else {
    mkdirSync(outputDir, { recursive: true });
    const shots: string[] = [];
    const shoot = async (page: Page, name: string): Promise<void> => {
      const file = join(outputDir, name);
      await page.screenshot({ path: file, fullPage: true });
      shots.push(file);
    };
    // Let the page's product refresh run, so the counts show it.
    await chat.waitForTimeout(2_000);
    await shoot(chat, 'chat-page.png');
    const tabId = await context
      .serviceWorkers()[0]
      ?.evaluate(async (url: string) => (await chrome.tabs.query({ url }))[0]?.id, chat.url());
    for (const [name, size] of [
      ['popup', { width: 380, height: 480 }],
      ['sidepanel', { width: 420, height: 720 }],
    ] as const) {
      const view = await context.newPage();
      await view.setViewportSize(size);
      await view.goto(`chrome-extension://${extensionId}/${name}.html?tabId=${tabId}`);
      await view.waitForSelector('[data-testid="capture-counts"]', { timeout: 10_000 });
      await shoot(view, `${name}.png`);
      if (name === 'popup')
        console.log(`\nWhat the popup shows:\n${await view.locator('main').innerText()}\n`);
      await view.close();
    }
    const own = replica.requests({ origin: 'extension' }).length;
    console.log(
      `Requests the page made: ${replica.requests({ origin: 'page' }).length}; the extension's own: ${own}`,
    );
    console.log(`Screenshots:\n${shots.map((file) => `  ${file}`).join('\n')}`);
  }
  await context.close();
  await replica.close();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
