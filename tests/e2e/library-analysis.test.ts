import { unzipSync } from 'fflate';
import { parquetReadObjects } from 'hyparquet';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { ofText, shareIntervalText, shareText } from '@/components/library/shared/number-text';
import { promptFanouts, QueryFanouts } from '@/features/queries/fanout';
import { overlapOf, promptVariances } from '@/features/queries/prompt-variance';
import { brandReport } from '@/lens/library/brands';
import { answeredBy, modelsAnswering } from '@/lens/library/model-scope';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { wilsonInterval } from '@/lib/library/proportion-interval';
import { ASKED_AGAIN_PROMPT } from '@/tests/replica/fixtures/conversations/asked-again';
import type { FixtureName } from '@/tests/replica/fixtures/ids';
import { downloadedBytes } from './export-actions';
import { extensionApi } from './extension-origins';
import { test } from './lens-test';
import { openLibraryPage } from './library-actions';
import { libraryOnceFilledBy } from './library-state';
import { shootEveryLook } from './view-checks';

/**
 * The analyst's views of the library page over what real Chromium kept of three chats asking one prompt
 * (architecture "Versions of a prompt", "The library"): each figure is worked out again from the records
 * read raw from the database, and each view is seen light and dark, at 320, 800 and 1280 px, with axe.
 */

const ASKED_AGAIN: readonly FixtureName[] = ['askedAgainOne', 'askedAgainTwo', 'askedAgainThree'];
const LIBRARY_WIDTHS = [320, 800, 1280];
/** The Brands tab is read on a phone too. */
const BRANDS_WIDTHS = [320, 800];
const BRANDS: BrandSettings = {
  own: { name: 'Time Out', domains: ['timeout.com'], mentions: [] },
  competitors: [{ name: 'Eater', domains: ['eater.com'], mentions: [] }],
};

const filledLibrary = libraryOnceFilledBy(ASKED_AGAIN);

/** A table's rows as their cells' text. */
const tableRows = (page: Page, name: string): Promise<string[][]> =>
  page
    .getByRole('table', { name, exact: true })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );

/** Names the user's brand and a competitor on the Brands tab, as a user does. */
async function saveBrands(page: Page): Promise<void> {
  const yours = page.getByRole('group', { name: 'Your brand' });
  await yours.getByLabel('Name', { exact: true }).fill(BRANDS.own.name);
  await yours.getByLabel('Domains, separated by commas').fill(BRANDS.own.domains.join(', '));
  await page.getByRole('button', { name: 'Add a competitor' }).click();
  const theirs = page.getByRole('group', { name: 'Competitor 1' });
  // The group takes the name typed into it: its domains first.
  await theirs
    .getByLabel('Domains, separated by commas')
    .fill(BRANDS.competitors[0]?.domains.join(', ') ?? '');
  await theirs.getByLabel('Name', { exact: true }).fill(BRANDS.competitors[0]?.name ?? '');
  await page.getByRole('button', { name: 'Save brands' }).click();
}

describe('the analyst’s views of the library page in Chromium', () => {
  test('the Variance tab lists the prompt asked in three chats, with what its answers share', async ({
    lens,
  }) => {
    const records = await filledLibrary(lens);
    const [expected] = promptVariances(records, null);
    if (expected === undefined) throw new Error('the three chats ask one prompt');
    expect(expected.versions).toBe(3);

    const page = await openLibraryPage(lens, 'variance');
    const name = 'Prompts by how much their answers move';
    await page.getByRole('table', { name, exact: true }).waitFor();
    await expect.poll(() => tableRows(page, name)).toHaveLength(1);
    const [row] = await tableRows(page, name);
    const percent = (share: number | null) => (share === null ? '—' : shareText(share));
    expect(row?.slice(0, 7)).toEqual([
      ASKED_AGAIN_PROMPT,
      '3',
      percent(overlapOf(expected)),
      percent(expected.searchedShare),
      percent(expected.queryOverlap),
      percent(expected.domainOverlap),
      '—',
    ]);
    await expect
      .poll(() => page.getByRole('tabpanel').textContent())
      .toContain('ask the same prompt again in a new chat, or regenerate an answer');
    await shootEveryLook(page, 'library-variance', { axe: true, widths: LIBRARY_WIDTHS });

    // One model's answers alone: the versions it answered, as the library reads them.
    const [model] = modelsAnswering(records);
    if (model === undefined) throw new Error('the chats name the model that answered');
    await page.getByRole('combobox', { name: 'Model' }).selectOption(model);
    await expect
      .poll(() => page.getByRole('tabpanel').textContent())
      .toContain(`Only ${model}’s answers are read.`);
    const prompts = promptVariances(answeredBy(records, model), null).length;
    if (prompts === 0)
      await expect
        .poll(() => page.getByRole('tabpanel').textContent())
        .toContain('No prompt in the library has two versions yet.');
    else await expect.poll(() => tableRows(page, name)).toHaveLength(prompts);
    await page.close();
  });

  test('the Fan-out tab lists the queries the three chats ran, and how their prompt fans out', async ({
    lens,
  }) => {
    const records = await filledLibrary(lens);
    const fanouts = new QueryFanouts();
    for (const record of records) fanouts.add(record);
    const queries = fanouts.queries();
    const [prompt] = promptFanouts(records, null);
    if (queries.length === 0 || prompt === undefined) throw new Error('the three chats search');

    const page = await openLibraryPage(lens, 'fanout');
    const name = 'Search queries by how often they ran';
    await page.getByRole('table', { name, exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('fanout-count').textContent())
      .toBe(`${ofText(queries.length, queries.length)} ${queries.length === 1 ? 'query' : 'queries'}`);
    const [first] = await tableRows(page, name);
    expect(first?.slice(0, 4)).toEqual([
      queries[0]?.query,
      String(queries[0]?.searches),
      String(queries[0]?.prompts),
      String(queries[0]?.conversations),
    ]);
    const [promptRow] = await tableRows(page, 'Prompts by how many searches their answers ran');
    expect(promptRow?.slice(0, 2)).toEqual([ASKED_AGAIN_PROMPT, String(prompt.searchedAnswers)]);
    expect(promptRow?.[3]).toBe(`${prompt.minSize}–${prompt.maxSize}`);
    // No brand is set in this library: said once, above the prompts.
    expect(await page.getByText('No brand is set', { exact: false }).count()).toBe(1);
    await shootEveryLook(page, 'library-fanout', { axe: true, widths: [320, 800] });
    await page.close();
  });

  test('the Brands tab puts its figures first, the brands folded, each interval explained once per table', async ({
    lens,
  }) => {
    const records = await filledLibrary(lens);
    const { own, total } = brandReport(records, BRANDS).shares.all.citationShare;
    const interval = wilsonInterval(own, total);
    if (interval === null || total === 0) throw new Error('the chats cite pages');
    // Three of the chats' cited pages are on the user's domain: too few to tell the share closely.
    expect(interval.high - interval.low).toBeGreaterThan(own / total);

    const page = await openLibraryPage(lens, 'brands');
    // No brand set: the editor is open, and is the tab's first part.
    await expect.poll(() => page.locator('details.brand-settings').getAttribute('open')).toBe('');
    await shootEveryLook(page, 'library-brands-editor', { axe: true, widths: BRANDS_WIDTHS });
    await saveBrands(page);
    const caption = 'Cited pages by brand';
    await page.getByRole('table', { name: caption, exact: true }).waitFor();
    const rows = await tableRows(page, caption);
    const yours = rows.find(([brand]) => brand === 'Time Out (you)');
    expect(yours?.[1]).toBe(`${ofText(own, total)}, ${shareIntervalText(own / total, interval)} *`);
    // The wide interval is said once under its table, never in a cell.
    const panel = page.getByRole('tabpanel');
    expect(await panel.textContent()).not.toContain('more conversations are needed');
    const region = page.getByRole('region', { name: 'Citation share' });
    await expect.poll(() => region.locator('.share-table__note').count()).toBe(1);
    // Each bar has its interval drawn on it.
    expect(await region.locator('.share-bars__interval').count()).toBe(rows.length);

    // Once set, the brands fold away, and the figures come first.
    await page.reload();
    const settings = page.locator('details.brand-settings');
    await region.waitFor();
    expect(await settings.getAttribute('open')).toBeNull();
    expect(await panel.getByRole('heading', { level: 2 }).first().textContent()).toBe('Citation share');
    // The disclosure opens and folds from the keyboard.
    await settings.locator('summary').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Your brand' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => settings.getAttribute('open')).toBeNull();
    await shootEveryLook(page, 'library-brands-intervals', { axe: true, widths: BRANDS_WIDTHS });
    await page.close();
  });

  test('the Brands tab gives each brand its position in the answers, per kind of prompts', async ({
    lens,
  }) => {
    const records = await filledLibrary(lens);
    // The bakeries the three answers name: Manteigaria first twice, Pastéis de Belém once.
    const named: BrandSettings = {
      ...BRANDS,
      competitors: [
        ...BRANDS.competitors,
        { name: 'Manteigaria', domains: [], mentions: [] },
        { name: 'Pastéis de Belém', domains: [], mentions: [] },
      ],
    };
    const { namedFirst, meanPosition } = brandReport(records, named).shares.all;
    expect(namedFirst.total).toBe(3);
    await extensionApi(lens.context).evaluate(
      (brands) => chrome.storage.local.set({ libraryBrands: brands }),
      named,
    );
    const page = await openLibraryPage(lens, 'brands');
    const first = 'Answers naming each brand first';
    await page.getByRole('table', { name: first, exact: true }).waitFor();
    const firstRows = await tableRows(page, first);
    const manteigaria = namedFirst.competitors.find((brand) => brand.name === 'Manteigaria')?.count ?? -1;
    expect(manteigaria).toBe(2);
    expect(firstRows.find(([brand]) => brand === 'Manteigaria')?.[1]).toMatch(
      new RegExp(`^${ofText(manteigaria, 3)}, ${shareText(2 / 3).replace('.', '\\.')}`),
    );
    const positions = await tableRows(page, 'Mean position of each brand in the answers naming it');
    const mean = meanPosition.competitors.find((brand) => brand.name === 'Manteigaria');
    expect(mean?.answers).toBe(3);
    expect(positions.find(([brand]) => brand === 'Manteigaria')?.[1]).toMatch(/^1\.33 \(.*\)3 answers$/);
    // A brand no answer names has no position.
    expect(positions.find(([brand]) => brand === 'Eater')?.[1]).toBe('—');
    // The model filter: the three chats were answered by one model, so choosing it keeps every figure.
    const [model] = modelsAnswering(records);
    if (model === undefined) throw new Error('the chats name their model');
    await page.getByRole('combobox', { name: 'Model' }).selectOption(model);
    await expect.poll(() => tableRows(page, first)).toEqual(firstRows);
    await shootEveryLook(page, 'library-brands-position', { axe: true, widths: BRANDS_WIDTHS });
    await page.close();
  });

  test('the Trends tab draws citation share by week, with its table and the keyboard', async ({ lens }) => {
    await filledLibrary(lens);
    // The brands as the Brands tab saves them.
    await extensionApi(lens.context).evaluate(
      (brands) => chrome.storage.local.set({ libraryBrands: brands }),
      BRANDS,
    );
    const page = await openLibraryPage(lens, 'trends');
    const chart = page.getByRole('group', { name: 'Citation share by week, line chart' });
    await chart.waitFor();
    // uPlot drew its canvas, sized to the page.
    await expect
      .poll(() => chart.locator('canvas').evaluate((canvas) => (canvas as HTMLCanvasElement).width))
      .toBeGreaterThan(0);
    // The chats were asked in the weeks of 5 and 12 October and of 2 November: the two between fold.
    await expect
      .poll(() => page.getByRole('region', { name: 'Citation share by week, table' }).textContent())
      .toContain('2 weeks, 2026-10-19 to 2026-10-26');
    await chart.focus();
    await page.keyboard.press('ArrowRight');
    const readout = chart.locator('.trend-chart__readout');
    await expect.poll(() => readout.textContent()).toMatch(/^Week of 2026-10-05: Time Out \(you\) 50%/);
    await page.keyboard.press('End');
    await expect.poll(() => readout.textContent()).toMatch(/^Week of 2026-11-02: Time Out \(you\) 33\.3%/);
    await shootEveryLook(page, 'library-trends', { axe: true, widths: LIBRARY_WIDTHS });
    await page.close();
  });

  test('Manage saves the team dataset into a folder the user picks, and as a ZIP where the browser has no picker', async ({
    lens,
  }) => {
    await filledLibrary(lens);
    const page = await lens.context.newPage();
    // The folder the user picks: the origin's private folder, a real directory handle of the same API.
    await page.addInitScript(() => {
      (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = () =>
        navigator.storage.getDirectory();
    });
    await page.goto(`chrome-extension://${lens.extensionId}/library.html#manage`);
    await page.getByRole('button', { name: 'Save team dataset to a folder…' }).click();
    await expect
      .poll(() => page.getByText(/into the folder you picked/).textContent(), { timeout: 30_000 })
      .toMatch(/^Wrote \d+ files into the folder you picked\.$/);
    const inFolder = await page.evaluate(async () => {
      const paths: Record<string, string> = {};
      const walk = async (folder: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
        for await (const [name, handle] of (
          folder as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }
        ).entries()) {
          if (handle.kind === 'directory')
            await walk(handle as FileSystemDirectoryHandle, `${prefix}${name}/`);
          else {
            const bytes = new Uint8Array(
              await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer(),
            );
            paths[`${prefix}${name}`] = btoa(String.fromCharCode(...bytes));
          }
        }
      };
      await walk(await navigator.storage.getDirectory(), '');
      return paths;
    });
    const months = (table: string) =>
      Object.keys(inFolder)
        .filter((path) => path.startsWith(`${table}/`))
        .map((path) => path.split('/')[1])
        .sort();
    // Asked on 6 and 18 October and 2 November; the prompt last on 2 November.
    expect(months('joined')).toEqual(['month=2026-10', 'month=2026-11']);
    expect(months('prompts')).toEqual(['month=2026-11']);
    // Each query goes with the month it was last searched in: some of the chats' months, none other.
    expect(months('fanout').length).toBeGreaterThan(0);
    expect(months('joined')).toEqual(expect.arrayContaining(months('fanout')));
    const promptsFile = Object.entries(inFolder).find(([path]) => path.startsWith('prompts/'));
    const rows = await parquetReadObjects({
      file: Uint8Array.from(Buffer.from(promptsFile?.[1] ?? '', 'base64')).buffer,
    });
    expect(rows.map((row) => [row.prompt, Number(row.versions)])).toEqual([[ASKED_AGAIN_PROMPT, 3]]);

    // Without a picker (Firefox), the same layout comes as a ZIP.
    const zipped = await lens.context.newPage();
    await zipped.addInitScript(() => {
      (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker = undefined;
    });
    await zipped.goto(`chrome-extension://${lens.extensionId}/library.html#manage`);
    const download = zipped.waitForEvent('download', { timeout: 30_000 });
    await zipped.getByRole('button', { name: 'Download team dataset (ZIP)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^chat-lens-dataset-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(await downloadedBytes(file)));
    const layout = (paths: readonly string[]) =>
      paths.map((path) => path.replace(/chat-lens-.*$/, '')).sort();
    expect(layout(Object.keys(entries))).toEqual(layout(Object.keys(inFolder)));
    await page.close();
    await zipped.close();
  });
});
