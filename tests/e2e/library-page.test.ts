import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ofText, shareIntervalText } from '@/components/library/shared/number-text';
import { TABLE_TABS } from '@/components/library/tables/TableTabs';
import { adRates, answersOf, creativesOf, shareOfVoice, shownAdsOf } from '@/features/ads/ad-intelligence';
import type { LibraryConversation } from '@/lens/library/library-record';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { oneFileExportZip, partsExportZip } from '@/tests/support/data-export-zips';
import { test } from './lens-test';
import { exportWholeLibrary, openLibraryPage, showLibraryTab } from './library-actions';
import {
  expectedCitationShare,
  expectedCitedDomains,
  expectedOverview,
  expectedRows,
} from './library-expected';
import { byId, keptLibrary, libraryOnceFilledBy } from './library-state';
import { shootEveryLook } from './view-checks';

/**
 * The library page over what real Chromium kept (architecture "The library"): every figure, table count,
 * filter and share it shows is worked out again in the test from the records read raw from the database.
 */

/** Conversations with searches and cited pages, ads, and product offers, in both wire forms. */
const FILLED_BY: readonly FixtureName[] = ['webSearch', 'liveSearch', 'ads', 'products', 'liveShopping'];
const FILLED_IDS = FILLED_BY.map((name) => FIXTURE_IDS[name]);

const filledLibrary = libraryOnceFilledBy(FILLED_BY);

const text = async (page: Page, testId: string): Promise<string> =>
  (await page.getByTestId(testId).textContent()) ?? '';

/** A table's rows as their cells' text, the row header first. */
const tableRows = (page: Page, region: string): Promise<string[][]> =>
  page
    .getByRole('region', { name: region, exact: true })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );

/** "42.9%" → 0.429 */
const shareOf = (written: string): number => Number(written.replace('%', '')) / 100;

/** "1,234" → 1234 */
const countOf = (written: string | undefined): number => Number((written ?? '').replaceAll(',', ''));

/** A word of the text, for a filter that keeps some rows. */
const wordOf = (value: string | null | undefined): string =>
  [...(value ?? '').split(/\W+/)].sort((a, b) => b.length - a.length)[0] ?? '';

describe('the library page over conversations kept in Chromium', () => {
  test('the overview says how many conversations, turns and searches, and which domains are cited', async ({
    lens,
  }) => {
    const records = await filledLibrary(lens);
    const expected = expectedOverview(records);
    expect(expected.searches, 'the kept conversations ran searches').toBeGreaterThan(0);
    const page = await openLibraryPage(lens);
    expect(expected.conversations).toBe(FILLED_IDS.length);
    expect(await text(page, 'figure-conversations')).toBe(String(expected.conversations));
    expect(await text(page, 'figure-turns')).toBe(String(expected.turns));
    expect(await text(page, 'figure-searches')).toBe(String(expected.searches));
    const share = /^([\d.]+)% \((\d+) of (\d+)\)$/.exec(await text(page, 'figure-search-share'));
    expect(share?.slice(2)).toEqual([String(expected.searchedTurns), String(expected.knownSearchTurns)]);
    expect(shareOf(`${share?.[1]}%`)).toBeCloseTo(expected.searchedTurns / expected.knownSearchTurns, 3);

    const cited = expectedCitedDomains(records);
    expect(cited.domains.length, 'the kept answers cite pages').toBeGreaterThan(1);
    const top = cited.domains.slice(0, 10);
    const rest = cited.domains.slice(10).reduce((sum, [, count]) => sum + count, 0);
    const rows = await tableRows(page, 'Cited pages by domain');
    expect(rows.map(([domain, count]) => [domain, Number(count)])).toEqual([
      ...top,
      ...(rest > 0 ? [['Other domains', rest]] : []),
    ]);
    for (const [, count, written] of rows)
      expect(shareOf(written ?? '')).toBeCloseTo(Number(count) / cited.total, 3);
    // The chart draws the table's rows, in its order, each bar saying its share.
    const bars = await page
      .locator('.chart-and-table')
      .first()
      .locator('.bar-chart__value')
      .allTextContents();
    expect(bars).toEqual(rows.map(([, , written]) => written));
    await page.close();
  });

  test('each table counts its rows and keeps those a filter names', async ({ lens }) => {
    const records = await filledLibrary(lens);
    const all = expectedRows(records);
    for (const { id } of TABLE_TABS) expect(all[id], `the kept conversations give ${id}`).toBeGreaterThan(0);
    const firstQuery = records.flatMap((record) => record.turns.flatMap((turn) => turn.queries))[0];
    const needles = {
      queries: wordOf(firstQuery?.text),
      pages: expectedCitedDomains(records).domains[0]?.[0] ?? '',
      ads: records.flatMap((record) => record.ads).find((ad) => ad.advertiser !== null)?.advertiser ?? '',
      offers: records.flatMap((record) => record.offers).find((offer) => offer.merchant)?.merchant ?? '',
    };
    const page = await openLibraryPage(lens);
    for (const { id: table, label } of TABLE_TABS) {
      await showLibraryTab(page, label);
      const count = page.getByTestId(`${table}-count`);
      await expect.poll(() => count.textContent()).toMatch(new RegExp(`^${all[table]} of ${all[table]} `));
      const needle = needles[table].toUpperCase();
      expect(needle, `a word to filter the ${table} by`).not.toBe('');
      const kept = expectedRows(records, needle)[table];
      expect(kept).toBeGreaterThan(0);
      await page.getByLabel('Filter', { exact: true }).fill(needle);
      await expect.poll(() => count.textContent()).toMatch(new RegExp(`^${kept} of ${all[table]} `));
      // The table holds as many rows, its header row besides (virtualized, it draws only those on screen).
      expect(await page.getByRole('table', { name: label, exact: true }).getAttribute('aria-rowcount')).toBe(
        String(kept + 1),
      );
    }
    await page.close();
  });

  test("the Ads tab gives the ad rate with its denominator, each advertiser's voice and each creative", async ({
    lens,
  }) => {
    const records = await filledLibrary(lens);
    const answers = records.flatMap(answersOf);
    const ads = records.flatMap(shownAdsOf);
    const rates = adRates(answers, ads);
    // The replica's ads name the prompts they were served with, as the site's do: some answers have one.
    expect(
      [rates.all.of > 0, ads.length > 0, rates.all.count > 0],
      'the kept conversations hold answers, ads, and answers with an ad',
    ).toEqual([true, true, true]);
    const adsTab = TABLE_TABS.find((tab) => tab.id === 'ads');
    const page = await openLibraryPage(lens, adsTab?.id);
    const rate = page.getByTestId('ad-rate');
    await rate.waitFor();
    const { share, interval } = rates.all;
    if (share === null || interval === null) throw new Error('the kept conversations hold answers');
    expect(await rate.textContent()).toBe(
      `${ofText(rates.all.count, rates.all.of)} answers had an ad: ${shareIntervalText(share, interval)}.`,
    );
    for (const heading of [
      'Ad rate',
      'Share of ad voice',
      'Contested prompts',
      'Creatives',
      'Week over week',
    ])
      await page.getByRole('heading', { name: heading, exact: true, level: 2 }).waitFor();
    const models = await tableRows(page, 'Ad rate by model');
    expect(models.map(([model, , answered]) => [model, countOf(answered)])).toEqual(
      rates.byModel.map(({ model, rate: { of } }) => [model ?? 'Model not recorded', of]),
    );
    expect(await text(page, 'ad-voice-total')).toBe(`Of ${ads.length} ads in all.`);
    const voices = await tableRows(page, 'Share of ad voice by advertiser');
    expect(voices.map(([advertiser, count]) => [advertiser, countOf(count)])).toEqual(
      shareOfVoice(ads).map((voice) => [voice.advertiser ?? 'No advertiser named', voice.ads]),
    );
    const creatives = await tableRows(page, 'Creatives, the most shown first');
    expect(creatives.map((cells) => countOf(cells[4]))).toEqual(
      creativesOf(ads).map((creative) => creative.timesShown),
    );
    // The links shown are the kept ones, already without tracking parameters.
    const links = await page
      .locator('.ad-intelligence a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(links.sort()).toEqual(
      creativesOf(ads)
        .flatMap((creative) => (creative.link === null ? [] : [creative.link]))
        .sort(),
    );
    await shootEveryLook(page, 'library-ads-intelligence', { axe: true });
    await page.close();
  });

  test('the brands view shares the cited pages between your domain, a competitor and the rest', async ({
    lens,
  }) => {
    const records = await filledLibrary(lens);
    const [own, competitor] = expectedCitedDomains(records).domains.map(([domain]) => domain);
    if (own === undefined || competitor === undefined) throw new Error('two cited domains are needed');
    const expected = expectedCitationShare(records, own, competitor);
    const total = expected.own + expected.competitor + expected.other;
    expect(expected.own).toBeGreaterThan(0);

    const page = await openLibraryPage(lens, 'brands');
    const yours = page.getByRole('group', { name: 'Your brand' });
    await yours.getByLabel('Name', { exact: true }).fill('Ours');
    await yours.getByLabel('Domains, separated by commas').fill(own);
    await page.getByRole('button', { name: 'Add a competitor' }).click();
    const theirs = page.getByRole('group', { name: 'Competitor 1' });
    await theirs.getByLabel('Domains, separated by commas').fill(competitor);
    await theirs.getByLabel('Name', { exact: true }).fill('Theirs');
    await page.getByRole('button', { name: 'Save brands' }).click();

    const region = 'Cited pages by brand';
    await page.getByRole('region', { name: region, exact: true }).waitFor();
    const rows = await tableRows(page, region);
    // The "All prompts" cell: "k of n, 30.0% (10.8–60.3%)", and maybe the note that asks for more.
    const overAll = rows.map(([brand, all]) => {
      const [, count, of, written] = /^([\d,]+) of ([\d,]+), ([\d.]+%)/.exec(all ?? '') ?? [];
      return { brand, count: countOf(count), of: countOf(of), share: shareOf(written ?? '') };
    });
    expect(overAll.map(({ brand, count, of }) => [brand, count, of])).toEqual([
      ['Ours (you)', expected.own, total],
      ['Theirs', expected.competitor, total],
      ['Other domains', expected.other, total],
    ]);
    for (const { count, share } of overAll) expect(share).toBeCloseTo(count / total, 3);
    // The brands are the user's settings: a reload shows the same report.
    await page.reload();
    await expect.poll(() => tableRows(page, region)).toEqual(rows);
    await page.close();
  });

  test('the tabs are reached with Tab and switched with the arrows, Home and End', async ({ lens }) => {
    await filledLibrary(lens);
    const page = await openLibraryPage(lens);
    const focused = () =>
      page.evaluate(() => ({
        role: document.activeElement?.getAttribute('role') ?? null,
        name: document.activeElement?.textContent ?? '',
      }));
    for (let presses = 0; presses < 20 && (await focused()).role !== 'tab'; presses += 1)
      await page.keyboard.press('Tab');
    expect(await focused()).toEqual({ role: 'tab', name: 'Overview' });
    const selected = () => page.getByRole('tab', { selected: true }).textContent();
    for (const [key, tab] of [
      ['ArrowRight', 'Queries'],
      ['ArrowRight', 'Pages'],
      ['End', 'Manage'],
      ['ArrowRight', 'Overview'],
      ['ArrowLeft', 'Manage'],
      ['Home', 'Overview'],
    ] as const) {
      await page.keyboard.press(key);
      await expect.poll(selected).toBe(tab);
      expect(await focused()).toEqual({ role: 'tab', name: tab });
      await expect
        .poll(() => page.getByRole('tabpanel').getAttribute('aria-labelledby'))
        .toBe(await page.getByRole('tab', { selected: true }).getAttribute('id'));
    }
    await page.close();
  });

  test('the whole library exported, deleted and imported comes back, once', async ({ lens }) => {
    await filledLibrary(lens);
    const page = await openLibraryPage(lens);
    const before = byId(await keptLibrary(page));
    const file = await exportWholeLibrary(page);
    expect(file.name).toMatch(/^chat-lens-library-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(file.text) as { conversations: LibraryConversation[] };
    expect(exported.conversations.map((record) => record.id).sort()).toEqual(
      before.conversations.map((record) => record.id),
    );

    const deleteEverything = page.getByRole('button', { name: 'Delete everything…' });
    // Drawn in the danger colour: the Manage tab's own sheet comes after the base sheet's `.button` in the
    // page's one style sheet (components/library/mount-library.tsx).
    const colours = await deleteEverything.evaluate((button) => {
      const danger = document.createElement('span');
      danger.style.color = 'var(--lens-danger)';
      button.after(danger);
      const expected = getComputedStyle(danger).color;
      danger.remove();
      return { button: getComputedStyle(button).color, danger: expected };
    });
    expect(colours.button).toBe(colours.danger);
    await deleteEverything.click();
    await page
      .getByRole('button', { name: `Delete all ${before.conversations.length} conversations` })
      .click();
    await page.getByTestId('library-empty').waitFor();
    expect(await keptLibrary(page)).toEqual({ conversations: [], summaries: [] });

    const importFile = (): Promise<void> =>
      page
        .getByLabel('Import a library file (JSON)')
        .setInputFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) });
    await importFile();
    await expect.poll(async () => byId(await keptLibrary(page))).toEqual(before);
    // The same file again adds nothing: every conversation is kept once, as it was.
    await showLibraryTab(page, 'Manage');
    await importFile();
    const count = before.conversations.length;
    await expect
      .poll(() => page.locator('.file-import [role="status"]').textContent())
      .toBe(`Imported 0 conversations, ${count} already newer.`);
    expect(byId(await keptLibrary(page))).toEqual(before);
    expect(await text(page, 'library-counts')).toMatch(new RegExp(`^${count} conversations`));
    await page.close();
  });

  test('a data export ZIP picked on the page adds its conversations, and once', async ({ lens }) => {
    await filledLibrary(lens);
    const page = await openLibraryPage(lens, 'manage');
    const exported: readonly FixtureName[] = ['plain', 'longHistory'];
    // In parts inside a folder, as newer exports are (export-format "Reading the data export"); the same
    // conversations again in the older layout, conversations.json whole.
    const importZip = (zip: Uint8Array): Promise<void> =>
      page
        .getByLabel("Import ChatGPT's data export (ZIP)")
        .setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    const status = page.locator('.data-export-import [role="status"]');
    await importZip(partsExportZip({ names: exported, parts: 2, folder: 'Export/' }));
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('Added 2 conversations.');
    await shootEveryLook(page, 'library-manage-data-export-added');
    const kept = (await keptLibrary(page)).conversations.map((record) => record.id);
    for (const name of exported) expect(kept).toContain(FIXTURE_IDS[name]);
    await importZip(oneFileExportZip({ names: exported }));
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toBe('Added 0 conversations, 2 already in the library.');
    expect((await keptLibrary(page)).conversations).toHaveLength(kept.length);
    // A file that is no data export is refused, saying why, and the library keeps what it held.
    await page
      .getByLabel("Import ChatGPT's data export (ZIP)")
      .setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip') });
    await expect
      .poll(() => status.textContent(), { timeout: 30_000 })
      .toContain('notes.zip was not imported');
    await shootEveryLook(page, 'library-manage-data-export-refused');
    expect((await keptLibrary(page)).conversations).toHaveLength(kept.length);
    await page.close();
  });
});
