import type { Page } from 'puppeteer-core';
import type { FixtureName } from '@/tests/replica/fixtures/ids';
import { cliInspection } from './cli-reading';

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
