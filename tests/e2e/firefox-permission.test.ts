import type { Page } from 'puppeteer-core';
import { describe, expect } from 'vitest';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { sizeViewport } from '@/tests/support/firefox-pages';
import { firefoxTest } from './firefox-lens';
import { shoot } from './view-checks';

/**
 * Firefox lets a user take back the add-on's chatgpt.com permission from its panel; the popup and the
 * sidebar then say so, and ask for it again in a click (architecture "Site access").
 */
const CHAT_PATH = `/c/${FIXTURE_IDS.liveSearch}`;
const SITE = ['https://chatgpt.com/*'];

// A permission the add-on asks for in a click is granted without the prompt no test can answer.
const test = firefoxTest({ 'extensions.webextOptionalPermissionPrompts': false });

const faceOf = (page: Page): Promise<string | null> =>
  page.$eval('main', (main) => main.getAttribute('data-face'));

describe('the Firefox add-on with chatgpt.com withdrawn', () => {
  test('the popup and the sidebar say access is off, the button grants it again, and the tab works after the reload it offers', async ({
    firefox,
  }) => {
    const chat = await firefox.openChat(CHAT_PATH);
    const popup = await firefox.openPopup(chat);
    await popup.waitForSelector('main[data-face="views"]', { timeout: 20_000 });
    // BiDi does not report a navigation to an add-on page, so the page is asked where it is.
    const tabQuery = await popup.evaluate(() => location.search);
    const sidebar = await firefox.openExtensionPage(`sidepanel.html${tabQuery}`);
    await sidebar.waitForSelector('main[data-face="views"]', { timeout: 20_000 });

    // What the add-on's panel does when the user turns the site off.
    await firefox.addOn.evaluate((origins) => chrome.permissions.remove({ origins }), SITE);
    for (const view of [popup, sidebar]) await expect.poll(() => faceOf(view)).toBe('access-off');
    await expect(popup.$eval('h2', (title) => title.textContent)).resolves.toBe('chatgpt.com access is off');

    // A tab reloaded while it is off runs no relay; a popup opened then says so at once.
    await chat.reload();
    await chat.waitForFunction(
      () => (window as unknown as { __replica?: { loaded: boolean } }).__replica?.loaded === true,
    );
    const late = await firefox.openExtensionPage(`popup.html${tabQuery}`);
    await expect.poll(() => faceOf(late)).toBe('access-off');
    await sizeViewport(late, { width: 320, height: 600 });
    await shoot(late, 'firefox-face-access-off-320', { fullPage: false });

    // The button, by keyboard: Firefox grants without its prompt under test (the pref above).
    await late.focus('button.button--primary');
    await late.keyboard.press('Enter');
    for (const view of [popup, sidebar, late]) await expect.poll(() => faceOf(view)).toBe('reload-needed');
    await expect(popup.evaluate((origins) => chrome.permissions.contains({ origins }), SITE)).resolves.toBe(
      true,
    );
    await shoot(late, 'firefox-face-reload-needed-320', { fullPage: false });

    await late.click('button.button--primary');
    for (const view of [popup, sidebar, late])
      await expect.poll(() => faceOf(view), { timeout: 20_000 }).toBe('views');
    for (const page of [late, sidebar, popup, chat]) await page.close();
  });
});
