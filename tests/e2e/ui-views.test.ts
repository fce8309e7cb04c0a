import { describe, expect } from 'vitest';
import { inspect } from '@/lens/insights/inspection';
import { conversationVersions } from '@/lens/library/conversation-versions';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { storedConversation } from '@/tests/replica/fixtures/fixture-helpers';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { treeResponse } from '@/tests/replica/fixtures/tree-format';
import { test } from './lens-test';
import { waitForClient } from './replica-page';
import {
  expectNoCanary,
  openViews,
  seriousViolations,
  shoot,
  shootEveryLook,
  showView,
  VIEW_LABELS,
} from './view-checks';

const TRACKING_PARAMETER = /[?&](oppref|olref|ad_data_token|oa_oppref)=/;

describe('the views, as a user sees them in the popup', () => {
  test('queries by turn with their kinds, filtered as one types (webSearch, document form)', async ({
    lens,
  }) => {
    const { chat, page } = await openViews(lens, 'webSearch', 'popup.html');
    const view = await showView(page, 'Queries');
    const count = view.locator('output');
    await expect.poll(() => count.textContent()).toMatch(/^(\d+) of \1$/);
    const total = Number((await count.textContent())?.split(' of ')[1]);
    expect(total).toBeGreaterThan(0);
    const list = view.getByRole('list', { name: 'Queries by turn' });
    await expect(list.getByRole('heading', { level: 3 }).first().textContent()).resolves.toMatch(
      /^Turn 1: Is the Salomon X Ultra 4 still a good hiking shoe for wide feet\? · \d+ quer/,
    );
    const badges = await list.locator('.view-badge').allTextContents();
    expect(badges).toContain('search');
    expect(badges).toContain('open');
    await view.getByRole('searchbox', { name: 'Filter' }).fill('wide');
    await expect.poll(() => count.textContent()).toMatch(new RegExp(`^\\d+ of ${total}$`));
    const shown = Number((await count.textContent())?.split(' of ')[0]);
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    for (const text of await list.locator('.query__text').allTextContents())
      expect(text.toLowerCase()).toContain('wide');
    await expect(view.getByRole('button', { name: /^Copy the \d+ shown quer/ }).isVisible()).resolves.toBe(
      true,
    );
    await view.getByRole('searchbox', { name: 'Filter' }).fill('');
    expectNoCanary(await page.content());
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
    await chat.close();
  });

  test('queries and sources of the live form, cited pages marked in words (liveSearch)', async ({ lens }) => {
    const { chat, page } = await openViews(lens, 'liveSearch', 'popup.html');
    const queries = await showView(page, 'Queries');
    await expect.poll(() => queries.locator('.view-badge').allTextContents()).toContain('search');
    const sources = await showView(page, 'Sources');
    await expect(sources.getByRole('table').getByRole('columnheader').allTextContents()).resolves.toEqual([
      'Site',
      'Cited',
      'Retrieved',
    ]);
    const pages = sources.getByRole('list', { name: 'Pages by turn and site' });
    await expect.poll(() => pages.getByText('✓ Cited', { exact: true }).count()).toBeGreaterThan(0);
    for (const link of await pages.getByRole('link').all()) {
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toBe('noreferrer noopener');
    }
    expectNoCanary(await page.content());
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
    await chat.close();
  });

  test('the side panel names the prompts answered again in the tree, with what their versions share (longHistory)', async ({
    lens,
  }) => {
    const tree = normalizeTreeFormat(treeResponse(storedConversation(FIXTURE_IDS.longHistory)));
    if (!tree.ok) throw new Error(tree.error.message);
    const expected = conversationVersions(inspect({ conversation: tree.value }));
    // A regenerated answer and an edited prompt: each prompt has a version the site no longer shows.
    expect(expected.map((prompt) => prompt.branchVersions)).toEqual([1, 1]);
    const { chat, page } = await openViews(lens, 'longHistory', 'sidepanel.html');
    const queries = await showView(page, 'Queries');
    const versions = queries.getByRole('region', { name: 'Answered again in this conversation' });
    // Each prompt with how many versions it has (the same prompt in other turns too), sorted by prompt: the
    // order of how much they move is the messages format's to tell, whose queries the tree lacks.
    const listed = () =>
      versions
        .locator('li')
        .evaluateAll((items) =>
          items
            .map((item) => [
              item.querySelector('.prompt-versions__prompt')?.textContent ?? '',
              Number(
                /^(\d+) versions:/.exec(
                  item.querySelector('.prompt-versions__figures')?.textContent ?? '',
                )?.[1],
              ),
            ])
            .sort(),
        );
    await expect
      .poll(listed, { timeout: 20_000 })
      .toEqual(expected.map((prompt) => [prompt.prompt, prompt.versions]).sort());
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'sidepanel-prompt-versions');
    await page.close();
    await chat.close();
  });

  for (const scenario of ['ads', 'liveShopping'] as const) {
    test(`ads with clean links and the tracking they lost (${scenario})`, async ({ lens }) => {
      const { chat, page } = await openViews(lens, scenario, 'popup.html');
      const view = await showView(page, 'Ads');
      const ads = view.getByRole('list', { name: 'Ads' });
      await ads.waitFor({ timeout: 20_000 });
      expect(
        await ads
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { level: 3 }) })
          .count(),
      ).toBeGreaterThan(0);
      await expect(view.textContent()).resolves.toMatch(
        /Tracking removed: (oppref|olref|oa_oppref|ad_data_token)/,
      );
      const hrefs = await view
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).not.toMatch(TRACKING_PARAMETER);
      expectNoCanary(await page.content());
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
      await chat.close();
    });
  }

  for (const scenario of ['products', 'liveShopping'] as const) {
    test(`offers by product, token-bearing members only as present behind a lock (${scenario})`, async ({
      lens,
    }) => {
      const { chat, page } = await openViews(lens, scenario, 'popup.html');
      await waitForClient(chat, (client) => client.productRefreshes > 0);
      const view = await showView(page, 'Offers');
      const products = view.getByRole('list', { name: 'Products' });
      await products.waitFor({ timeout: 20_000 });
      await expect(view.getByText('present').first().isVisible()).resolves.toBe(true);
      await expect(view.textContent()).resolves.toMatch(/Lookup key\s+present/);
      await expect(view.locator('.token-members__present svg.lock-icon').count()).resolves.toBeGreaterThan(0);
      await expect(view.textContent()).resolves.toMatch(/\$\d+\.\d\d/);
      await expect(view.getByRole('button', { name: 'Refresh offers' }).isEnabled()).resolves.toBe(true);
      expectNoCanary(await page.content());
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
      await chat.close();
    });
  }
});

describe('the views in the side panel, light and dark, 320 px and 800 px', () => {
  // Every view of the registry in a search and in a shopping answer: each is seen, and checked by axe, both
  // with what it shows and with its empty state.
  const scenarios: ReadonlyArray<keyof typeof FIXTURE_IDS> = ['liveSearch', 'liveShopping'];
  for (const scenario of scenarios) {
    test(`every view of ${scenario}`, async ({ lens }) => {
      const { chat, page } = await openViews(lens, scenario, 'sidepanel.html');
      if (scenario === 'liveShopping') await waitForClient(chat, (client) => client.productRefreshes > 0);
      for (const name of VIEW_LABELS) {
        await showView(page, name);
        await shootEveryLook(page, `view-${name.toLowerCase()}-${scenario}`, { axe: true });
      }
      expectNoCanary(await page.content());
      await page.close();
      await chat.close();
    });
  }
});
