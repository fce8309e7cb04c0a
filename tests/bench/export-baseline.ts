/**
 * The export click's figure, in Chromium and Firefox alike: JSON.parse of the 10,000-message
 * conversation's messages-format pages as the site serves them, the baseline, and the rounds that time
 * clicks and parses in turns. The functions run in a page (`page.evaluate`: untilSettled, holdTexts,
 * parseHeldTextsMs) hold no closure and name no inner function (tsx would wrap it in a helper the page
 * lacks).
 */

import { readFileSync } from 'node:fs';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import type { Replica } from '@/tests/replica/server';
import { replicaFetch } from '@/tests/support/replica-fetch';
import { type Interval, intervalText, median, medianRatioInterval } from '@/tests/support/statistics';

/** The conversation exported and the rounds timed, in both browsers (atScale). */
export interface ClickSize {
  conversation: FixtureName;
  /**
   * Rounds timed once the pages are held: each a click, then one JSON.parse of every page. Timed in turns, a
   * machine that slows for a while slows both sides alike: the baseline timed after all the clicks, on a
   * shared machine, once read 72 ms where the clicks' minutes had it at 30.
   */
  rounds: number;
}

/*
 * The files a popup saves stay well under 20 (the load's click, the first after it, each round's, and the click
 * with no pointing of every other round: 16 in the full run): in Chromium the 21st file a popup's
 * script-dispatched clicks saved never came (no download event), the browser's own limit on downloads no user
 * gesture started.
 */

export const CLICK_SIZES: { full: ClickSize; smoke: ClickSize } = {
  full: { conversation: 'tenThousand', rounds: 9 },
  smoke: { conversation: 'longHistory', rounds: 1 },
};

/**
 * Run in the popup. After the first export loaded the older pages, the popup draws 10,000 messages' views
 * and the worker stores the new snapshot: clicks in those seconds time that work too. The figure is a
 * click on a conversation that is held and shown, so the bench waits until the popup shows no load and
 * its main thread has been idle for a while.
 */
export async function untilSettled(): Promise<void> {
  const limit = performance.now() + 60_000;
  while (document.body.textContent?.includes('Loading older messages')) {
    if (performance.now() > limit) throw new Error('The popup still loads older messages after 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  for (let quiet = 0; quiet < 3; quiet += 1) {
    await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 }));
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Every messages-format page of the conversation, newest first, as the replica serves them, asked for by
 * the benchmark itself: fetched in the chat page, they would reach the background too (passive capture)
 * and give it work to do during the rounds.
 */
async function messagesBodies(replica: Replica, conversationId: string): Promise<string[]> {
  const { fetch } = replicaFetch(replica, () => 0);
  const headers = { Authorization: `Bearer ${replica.accessToken}` };
  const bodies: string[] = [];
  let before: string | null = null;
  // site-interface 4.1: page with before = start_cursor until has_previous_page is false.
  for (;;) {
    const query = `include_has_versions=true&num_turns=100${before === null ? '' : `&before=${encodeURIComponent(before)}`}`;
    const response = await fetch(`https://chatgpt.com/backend-api/conversations/${conversationId}?${query}`, {
      headers,
    });
    if (!response.ok) throw new Error(`The replica answered ${response.status} to a messages page.`);
    const body = await response.text();
    bodies.push(body);
    const info = (JSON.parse(body) as { page_info?: { start_cursor?: string; has_previous_page?: boolean } })
      .page_info;
    if (!info?.has_previous_page || !info.start_cursor) return bodies;
    before = info.start_cursor;
  }
}

/** What the popup keeps between rounds: the pages' texts, passed in once (a 12 MB argument each round would not be). */
interface WithHeldTexts {
  chatLensBenchTexts?: string[];
}

/** What the page that saves a copy keeps between rounds: the export's bytes, passed in once. */
interface WithHeldFile {
  chatLensBenchFile?: Uint8Array;
}

/** What the popup notes of the last Export click (watchClickPhases), by its own clock. */
interface WithClickPhases {
  chatLensBenchClickAt?: number;
  chatLensBenchFileAt?: number;
}

/**
 * Run in the popup: from now on it notes when a button is clicked (before the button's own handler) and
 * when it makes the file's object URL (lens/runtime/contract/download-file.ts), so that a click's time
 * splits into the file's making and hand-over, then the browser's download until the file is saved.
 */
export function watchClickPhases(): void {
  const make = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (object: Blob | MediaSource): string => {
    (globalThis as WithClickPhases).chatLensBenchFileAt = performance.now();
    return make(object);
  };
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof HTMLButtonElement)
        (globalThis as WithClickPhases).chatLensBenchClickAt = performance.now();
    },
    { capture: true },
  );
}

/** Run in the popup: the milliseconds from the last click to the file in the popup; NaN before both. */
export function fileInPopupMs(): number {
  const { chatLensBenchClickAt, chatLensBenchFileAt } = globalThis as WithClickPhases;
  return (chatLensBenchFileAt ?? Number.NaN) - (chatLensBenchClickAt ?? Number.NaN);
}

/** Run in the popup: keeps `texts` for parseHeldTextsMs. */
export function holdTexts(texts: string[]): void {
  (globalThis as WithHeldTexts).chatLensBenchTexts = texts;
}

/** Run in the popup: the time JSON.parse takes for all of the texts holdTexts kept. */
export function parseHeldTextsMs(): number {
  const texts = (globalThis as WithHeldTexts).chatLensBenchTexts ?? [];
  const start = performance.now();
  for (const text of texts) JSON.parse(text);
  return performance.now() - start;
}

/** Run in an empty extension page: keeps the export's text, as its UTF-8 bytes, for saveHeldFile. */
export function holdFile(text: string): void {
  (globalThis as WithHeldFile).chatLensBenchFile = new TextEncoder().encode(text);
}

/**
 * Run in an empty extension page: saves the bytes holdFile kept as a file of their own, the cheapest save of
 * them a page can make (a Blob of bytes already encoded, a temporary `<a download>`, as the popup saves).
 */
export function saveHeldFile(): void {
  const bytes = (globalThis as WithHeldFile).chatLensBenchFile ?? new Uint8Array();
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'text/markdown' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'saved-by-a-page.md';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** An empty extension page holding an export's bytes. */
export interface Copier {
  /** saveHeldFile, until the file is saved. */
  save: () => Promise<unknown>;
  close: () => Promise<unknown>;
}

/** How a browser's benchmark runs the figure's steps, in its driver's terms (Playwright or Puppeteer). */
export interface ClickSteps {
  /**
   * The pointer moved off the Export button and onto it, as a user's comes to it before the click, until the
   * button says its file is readied (architecture "A file readied before the click").
   */
  pointAtExport: () => Promise<unknown>;
  /** One Export click, until the file is saved: the saved file's path. */
  click: () => Promise<string>;
  /** An empty extension page of its own (its downloads are not the popup's) that has run holdFile on `text`. */
  openCopier: (text: string) => Promise<Copier>;
  /** untilSettled, in the popup. */
  settle: () => Promise<unknown>;
  /** The replica the browser reaches as chatgpt.com. */
  replica: Replica;
  /** holdTexts, in the popup. */
  holdTexts: (texts: string[]) => Promise<unknown>;
  /** parseHeldTextsMs, in the popup. */
  parseOnce: () => Promise<number>;
  /** watchClickPhases, in the popup. */
  watchPhases: () => Promise<unknown>;
  /** fileInPopupMs, in the popup. */
  fileInPopup: () => Promise<number>;
}

export interface ClickFigure {
  rounds: number;
  /** Medians of the rounds: the click once the pointer came to the button and its file was readied. */
  clickMs: number;
  parseMs: number;
  /** The same bytes saved by an empty extension page (saveHeldFile): what the machine charges any save of them. */
  pageSaveMs: number;
  /** The size of the file the clicks saved. */
  fileBytes: number;
  /** Of a click, the file's making in the background and its hand-over to the popup (the median). */
  fileInPopupMs: number;
  /** The slowest click of the rounds, and its time to the file in the popup. */
  slowest: { clickMs: number; fileInPopupMs: number };
  bodies: string[];
  /** The click right after the load, which the rounds leave out: it pays for collecting the load's garbage. */
  firstHeldClickMs: number;
  /**
   * A click with no pointing before it (the file written at the click, as the keyboard shortcut's is), in
   * every other round: the median, and how many.
   */
  unreadied: { clickMs: number; rounds: number };
  /** How sure the rounds are of the figure, the ratio of the two medians. */
  interval: Interval;
}

/**
 * The first export loads the older pages (site-interface 4.1), and the figure is a click once they are
 * held: after it, one click is timed alone, the pages for the baseline are fetched and handed to the
 * popup, and once it is idle again, the rounds are timed. The popup shows `size.conversation`.
 */
export async function measureClickFigure(steps: ClickSteps, size: ClickSize): Promise<ClickFigure> {
  await steps.click();
  await steps.settle();
  const firstStart = performance.now();
  const savedPath = await steps.click();
  const firstHeldClickMs = performance.now() - firstStart;
  const file = readFileSync(savedPath, 'utf8');
  const bodies = await messagesBodies(steps.replica, FIXTURE_IDS[size.conversation]);
  await steps.holdTexts(bodies);
  await steps.watchPhases();
  await steps.settle();
  const clicks: number[] = [];
  const inPopup: number[] = [];
  const parses: number[] = [];
  const pageSaves: number[] = [];
  const unreadied: number[] = [];
  const timedClick = async (): Promise<number> => {
    const start = performance.now();
    await steps.click();
    return performance.now() - start;
  };
  for (let round = 0; round < size.rounds; round += 1) {
    await steps.pointAtExport();
    clicks.push(await timedClick());
    inPopup.push(await steps.fileInPopup());
    parses.push(await steps.parseOnce());
    // The readied body went with the click before: this one writes its file itself.
    if (round % 2 === 0) unreadied.push(await timedClick());
  }
  // After the rounds, not between them: the page shares the popup's process, and its saves between the
  // clicks and the parses made the parses slower.
  const copier = await steps.openCopier(file);
  for (let round = 0; round < size.rounds; round += 1) {
    const start = performance.now();
    await copier.save();
    pageSaves.push(performance.now() - start);
  }
  await copier.close();
  const slowestRound = clicks.indexOf(Math.max(...clicks));
  return {
    rounds: size.rounds,
    clickMs: median(clicks),
    parseMs: median(parses),
    pageSaveMs: median(pageSaves),
    fileBytes: Buffer.byteLength(file),
    fileInPopupMs: median(inPopup),
    slowest: {
      clickMs: clicks[slowestRound] ?? Number.NaN,
      fileInPopupMs: inPopup[slowestRound] ?? Number.NaN,
    },
    bodies,
    firstHeldClickMs,
    unreadied: { clickMs: median(unreadied), rounds: unreadied.length },
    interval: medianRatioInterval(clicks, parses),
  };
}

/** The figure's row label: the conversation the clicks exported. */
export const exportClickLabel = (size: ClickSize): string =>
  `Export click to Markdown file, ${size.conversation}`;

/**
 * The figure's detail: the medians of the rounds, the first click after the load beside them, and what an
 * empty extension page took to save the same bytes itself, which no export of them can take less than: where
 * that alone is over the target's share of the parse, the target is out of any export's reach on that
 * machine (benchmarks "What makes a slow round slow").
 */
export function exportClickDetail({
  rounds,
  clickMs,
  parseMs,
  pageSaveMs,
  fileBytes,
  fileInPopupMs,
  slowest,
  bodies,
  firstHeldClickMs,
  unreadied,
  interval,
}: ClickFigure): string {
  const kib = (bytes: number): number => Math.round(bytes / 1024);
  const pagesKib = kib(bodies.reduce((sum, body) => sum + body.length, 0));
  const ms = (value: number): string => `${value.toFixed(0)} ms`;
  return `median of ${rounds} rounds, each a click once the pointer came to the button and its file was readied: click ${ms(clickMs)} (the file in the popup after ${ms(fileInPopupMs)}, then the download until saved), JSON.parse of ${bodies.length} pages (${pagesKib} KiB) ${parseMs.toFixed(1)} ms; the same ${kib(fileBytes)} KiB saved by an empty extension page ${ms(pageSaveMs)}, ${(pageSaveMs / parseMs).toFixed(2)} times the parse; the slowest click ${ms(slowest.clickMs)} (in the popup after ${ms(slowest.fileInPopupMs)}); the first click right after the load ${ms(firstHeldClickMs)}; a click with no pointing before it ${ms(unreadied.clickMs)} (${(unreadied.clickMs / parseMs).toFixed(2)} times the parse, median of ${unreadied.rounds}); ${intervalText(interval)}`;
}
