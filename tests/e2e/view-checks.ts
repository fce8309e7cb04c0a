import { mkdirSync } from 'node:fs';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { VIEWS } from '@/components/views/registry';
import {
  AD_TRACKING_CANARY,
  IMAGE_SIGNATURE_CANARY,
  PRODUCT_TOKEN_CANARY,
  REPLICA_TOKEN_PREFIX,
  RESUME_TOKEN_CANARY,
  SENTINEL_TOKEN_CANARY,
} from '@/tests/replica/fixtures/canaries';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { lensDigest, storedLens } from './lens-state';
import type { Lens } from './lens-test';
import { waitForClient } from './replica-page';

/** Where the UI suites leave their pictures of each face and view for a person to look at. */
const SCREENSHOTS = 'test-output/screenshots';
/**
 * Whether the UI suites take those pictures: only when asked (`CHAT_LENS_SCREENSHOTS=1`, see contributing
 * "Add a view"). They are for a person, who looks at them after changing a view; a run nobody looks at paid
 * about 17 s of CPU for them (testing "Lanes").
 */
const SCREENSHOTS_WANTED = process.env.CHAT_LENS_SCREENSHOTS === '1';
/** The replica's secrets: none may reach the DOM of an extension page. */
const CANARIES = [
  AD_TRACKING_CANARY,
  PRODUCT_TOKEN_CANARY,
  RESUME_TOKEN_CANARY,
  REPLICA_TOKEN_PREFIX,
  IMAGE_SIGNATURE_CANARY,
  SENTINEL_TOKEN_CANARY,
];

if (SCREENSHOTS_WANTED) mkdirSync(SCREENSHOTS, { recursive: true });

/** A page of either driver: Playwright's (Chromium) or puppeteer's (Firefox). */
interface Photographable {
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
}

/**
 * Saves the page as test-output/screenshots/<name>.png, the whole page unless told otherwise, where pictures
 * are wanted (SCREENSHOTS_WANTED).
 */
export async function shoot(page: Photographable, name: string, { fullPage = true } = {}): Promise<void> {
  if (SCREENSHOTS_WANTED) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage });
}

/**
 * The labels of the views' tabs, in their order, read from the registry (architecture "Features"): a view
 * added there is shown, searched for secrets and photographed by every test that walks the views.
 */
export const VIEW_LABELS = VIEWS.map((view) => view.label);

type ViewName = (typeof VIEW_LABELS)[number];

/** Clicks the view's tab and waits for the view's own heading. */
export async function showView(page: Page, name: ViewName) {
  await page.getByRole('tab', { name }).click();
  const view = page.getByRole('region', { name, exact: true });
  await view.getByRole('heading', { level: 2, name }).waitFor();
  return view;
}

interface Look {
  colorScheme: 'light' | 'dark';
  width: number;
}

/** The widths a view is seen at: a popup's and a side panel's; a page's in a window. */
const VIEW_WIDTHS = [320, 800];

/**
 * Runs `each` in every look a user may see the page in: light and dark, at each width (320 and 800 px
 * unless told: the library page is a window's, 800 and 1280).
 */
async function forEveryLook(
  page: Page,
  each: (look: Look) => Promise<void>,
  widths: readonly number[] = VIEW_WIDTHS,
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of widths) {
      await page.setViewportSize({ width, height: 700 });
      // A virtual table measures its frame when the page is resized and draws its rows in the frame after:
      // two frames drawn, its rows are there to be looked at.
      await page.evaluate(
        () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
      );
      await each({ colorScheme, width });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Nothing is wider than the page: readable without scrolling sideways. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
}

/**
 * Each button of the header shows its label on one line: where the name and the buttons do not fit side by
 * side, the buttons go below as a row (app.css, header) rather than "Open side panel" broken in two.
 */
async function expectWholeHeaderLabels(page: Page, what: string): Promise<void> {
  const broken = await page.evaluate(() =>
    [...document.querySelectorAll('.header__actions button')].flatMap((button) => {
      const lines = new Set<number>();
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
        if (text.parentElement?.closest('.visually-hidden') !== null) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top));
      }
      return lines.size > 1 ? [button.textContent ?? ''] : [];
    }),
  );
  expect(broken, what).toEqual([]);
}

/**
 * Saves the page in each look as <name>-<scheme>-<width>.png, checking that nothing is wider than the
 * page nor a header button's label broken and, with `axe`, that no look has a serious accessibility
 * violation.
 */
export async function shootEveryLook(
  page: Page,
  name: string,
  { axe = false, widths = VIEW_WIDTHS }: { axe?: boolean; widths?: readonly number[] } = {},
): Promise<void> {
  await forEveryLook(
    page,
    async ({ colorScheme, width }) => {
      const look = `${name}, ${colorScheme}, ${width} px`;
      await expectNoSidewaysScroll(page, look);
      await expectWholeHeaderLabels(page, look);
      await shoot(page, `${name}-${colorScheme}-${width}`);
      if (axe) expect(await seriousViolations(page), look).toEqual([]);
    },
    widths,
  );
}

/** The page's axe-core, once its source ran there. */
type WithAxe = Window & { axe?: typeof axe };

/**
 * The axe findings a user of assistive technology would be blocked by, one line each. axe-core runs in the
 * page itself (the extension's pages hold no frame of another origin), its source injected once per
 * document: @axe-core/playwright injected it again at every check, four fifths of what a check cost, and
 * its default mode finished each check in a new blank page besides (testing "Lanes"). Only violations are
 * reported, which are all that is read.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => (window as WithAxe).axe !== undefined))) await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const injected = (window as WithAxe).axe;
    if (injected === undefined) throw new Error('axe-core did not load in the page');
    return injected.run(document, { resultTypes: ['violations'] });
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The text (a page's HTML with its attributes, an export, a copy) holds no secret. */
export function expectNoCanary(text: string): void {
  for (const canary of CANARIES) expect(text).not.toContain(canary);
}

/**
 * Waits until the extension page describing the chat tab shows the conversation's views (the page's
 * default timeout unless told); when it never does, the failure names the face it shows instead, what it
 * says, and where the tab's stored lens stood.
 */
export async function waitForViews(lens: Lens, page: Page, chat: Page, timeout?: number): Promise<void> {
  await page
    .locator('main[data-face="views"]')
    .waitFor({ timeout })
    .catch(async (error: unknown) => {
      const face = await page
        .locator('main')
        .first()
        .getAttribute('data-face')
        .catch(() => null);
      const text = await page
        .locator('body')
        .innerText()
        .catch(() => '');
      const held = await lens
        .tabIdOf(chat)
        .then((tabId) => storedLens(lens.context, tabId))
        .then(lensDigest, (reason: unknown) => `no lens read: ${String(reason)}`);
      const surface = new URL(page.url()).pathname.slice(1);
      throw new Error(
        `The ${surface} shows the face "${face}" instead of the views: ${text.slice(0, 300)}; ${held.slice(0, 600)}`,
        { cause: error },
      );
    });
}

/** A chat tab of the scenario, loaded, and the extension page describing it once it shows the views. */
export async function openViews(
  lens: Lens,
  scenario: keyof typeof FIXTURE_IDS,
  surface: 'popup.html' | 'sidepanel.html',
) {
  const chat = await lens.openChat(`/c/${FIXTURE_IDS[scenario]}`);
  await waitForClient(chat, (client) => client.loaded);
  const page = await lens.openExtensionPage(surface, chat);
  await waitForViews(lens, page, chat, 20_000);
  return { chat, page };
}
