import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'puppeteer-core';
import type { FixtureName } from '@/tests/replica/fixtures/ids';
import { cliInspection } from './cli-reading';
import type { FirefoxLens } from './firefox-lens';
import { VIEW_LABELS } from './view-checks';

/** Each view's tab in a popup of the Firefox add-on, and the count it shows ('' when it shows none). */
export const tabCounts = (popup: Page): Promise<Record<string, string>> =>
  popup.$$eval('[role="tab"]', (tabs) =>
    Object.fromEntries(
      tabs.map((tab) => [
        tab.firstChild?.textContent ?? '',
        tab.querySelector('.tabs__count')?.textContent ?? '',
      ]),
    ),
  );

/** The counts the popup's tabs must show for a scenario: what the command line reads of it (none: ''). */
export function cliCounts(name: FixtureName): Record<string, string> {
  const expected = cliInspection(name);
  const shown = (count: number | undefined): string => (count ? String(count) : '');
  return {
    Queries: shown(expected.queries.queries.length),
    Sources: shown(expected.sources.length),
    Ads: shown(expected.ads?.adCount),
  };
}

/** The file an item of the popup's export menu ("Export JSON", ...) downloads. */
export const exportFromMenu = (
  firefox: FirefoxLens,
  popup: Page,
  label: string,
): ReturnType<FirefoxLens['download']> =>
  firefox.download(async () => {
    await popup.click('button[aria-label="More export options"]');
    const item = await popup.waitForSelector(`::-p-xpath(//button[@role="menuitem"][.="Export ${label}"])`);
    await item?.click();
  });

/** What a downloaded file says, as a reader would search it: its text, or each file inside a ZIP. */
export const readableContent = (file: { name: string; bytes: Buffer; text: string }): string =>
  file.name.endsWith('.zip')
    ? Object.entries(unzipSync(new Uint8Array(file.bytes)))
        .map(([path, content]) => `${path}\n${strFromU8(content)}`)
        .join('\n')
    : file.text;

/** Every view of a popup, each shown by a click on its tab, as its DOM holds it (text and attributes). */
export async function everyPopupView(popup: Page): Promise<Array<{ view: string; markup: string }>> {
  const seen: Array<{ view: string; markup: string }> = [];
  for (const view of VIEW_LABELS) {
    await popup.click(`::-p-xpath(//*[@role="tab"][starts-with(normalize-space(.), "${view}")])`);
    await popup.waitForSelector(
      `::-p-xpath(//*[@role="tab"][@aria-selected="true"][starts-with(normalize-space(.), "${view}")])`,
    );
    await popup.waitForSelector('[role="tabpanel"]');
    seen.push({ view, markup: await popup.content() });
  }
  return seen;
}
