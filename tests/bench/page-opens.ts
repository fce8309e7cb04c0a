import type { BrowserContext } from 'playwright-core';

/**
 * Opens of each page, the popup's and the empty one, timed for the popup's figure in both browsers (atScale).
 * 25, not 11: a young-generation collection falls in about a third of the popup's opens, and a median of 11
 * landed on either side of it, 1.32 to 1.52 on the same build (benchmarks "How sure one run is").
 */
export const OPENS = { full: 25, smoke: 1 };

/** Opening an extension page until it shows what it is for, as the popup's and the library's figures time it. */
export interface Opened {
  /** Milliseconds from asking for the URL to `ready` resolving, as the test driver sees it. */
  wallMs: number;
  /** The page's first contentful paint, from its navigation start, by the browser's own clock. */
  firstPaintMs: number;
}

const FIRST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  const paint = () => performance.getEntriesByName('first-contentful-paint')[0];
  if (paint()) return resolve(paint().startTime);
  new PerformanceObserver(() => paint() && resolve(paint().startTime)).observe({ type: 'paint', buffered: true });
})`;

/**
 * Opens `url` in a fresh tab and waits until `selector` is in it. The empty page both figures compare
 * against is opened the same way, so the driver's own set-up in a fresh page (its selector engine, about
 * 30 ms here) is counted on both sides.
 */
export async function timeOpen(
  context: BrowserContext,
  url: string,
  selector: string,
  timeout = 30_000,
): Promise<Opened> {
  const page = await context.newPage();
  const start = performance.now();
  await page.goto(url);
  await page.waitForSelector(selector, { timeout });
  const wallMs = performance.now() - start;
  const firstPaintMs = Number(await page.evaluate(FIRST_CONTENTFUL_PAINT));
  await page.close();
  return { wallMs, firstPaintMs };
}

/** An extension page with no script: what opening any extension page costs. */
export const emptyExtensionPage = (extensionId: string): string =>
  `chrome-extension://${extensionId}/manifest.json`;
