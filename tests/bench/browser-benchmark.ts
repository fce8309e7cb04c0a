import type { BrowserContext } from 'playwright-core';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { type Replica, startReplica } from '@/tests/replica/server';
import { targetTextOf } from '@/tests/support/figures-markdown';
import { launchBrowser, launchBrowserWithExtension } from '@/tests/support/launch-browser';
import { intervalText, median, medianRatioInterval, trimmedMean } from '@/tests/support/statistics';
import {
  atScale,
  type Benchmark,
  type BenchmarkResult,
  defineBenchmark,
  joinedResults,
  type TableRow,
} from './benchmark';
import { busyTime, type ChatTab, hideTab, openChatTab } from './chat-tab';
import { isTokenFetch, LOAD_SETTLE_MS, ownRequests, unnamedOwnRequests, waitForQuiet } from './own-requests';
import {
  fetchCallMean,
  firstSseChunkTime,
  type HookTiming,
  type HookTimingOptions,
  hookedAgainstNativeFetch,
  hookTimingPageHtml,
} from './page-timings';
import { openUnattended } from './unattended-browser';

/**
 * The production extension in Chromium on the replica, against the same Chromium
 * without it (--disable-extensions). Own requests are the extension's in the replica's log; timings are
 * the page's own, taken inside the page; busy time is the page's main thread from CDP
 * Performance.getMetrics. Every figure is a count or a ratio within this run.
 */
/** What one run measures (atScale): the counts of rounds, pairs and calls, and its real waits. */
interface BrowserSizes {
  /**
   * The idle figures are counted over one real minute: the extension's fallback poll is 12 s
   * (site-interface 8), so a shorter window scaled up would hide it. The four idle tabs share that minute,
   * in parallel.
   */
  idleMinuteMs: number;
  fetchRounds: number;
  fetchCallsPerRound: number;
  /**
   * Answers timed on each side, in alternating pairs. A first chunk comes 4 to 5 ms after the call, and the
   * page's clock counts in steps of 0.1 ms (a page that is not cross-origin isolated), 2% of it: a median
   * of few answers moves by steps of that size with one answer's hiccup. Of 8 a side, whole runs read 0.79
   * to 1.10; of 32, 0.91 to 1.06 (docs/benchmarks.md). An answer takes about half a second.
   */
  sseRounds: number;
  /**
   * The hook's own time: 1,000 pairs (2,000 calls) after 100 not counted, a 5 ms pause after each call. The
   * same tree each time, as the page polls it: after the first, the hook posts it as unchanged (interface
   * 4.2). A tenth of the pair differences is dropped at each end (trimmedMean).
   */
  hookPairs: number;
  hookWarmUpPairs: number;
  /** The same timing in a page Playwright drives, for comparison only: fewer pairs. */
  hookAttendedPairs: number;
  /** How long after its page loaded a conversation's load is counted. */
  loadSettleMs: number;
  /** How long after an answer the worker is given to ask for anything it would ask for. */
  answerSettleMs: number;
  /** The conversation whose unchanged tree the page polls through the idle minute. */
  polledConversation: FixtureName;
}

const SIZES: { full: BrowserSizes; smoke: BrowserSizes } = {
  full: {
    idleMinuteMs: 60_000,
    fetchRounds: 20,
    fetchCallsPerRound: 25,
    sseRounds: 96,
    hookPairs: 1_000,
    hookWarmUpPairs: 100,
    hookAttendedPairs: 400,
    loadSettleMs: LOAD_SETTLE_MS.full,
    answerSettleMs: 4_000,
    polledConversation: 'tenThousand',
  },
  smoke: {
    idleMinuteMs: 3_000,
    fetchRounds: 1,
    fetchCallsPerRound: 2,
    sseRounds: 1,
    hookPairs: 10,
    hookWarmUpPairs: 2,
    hookAttendedPairs: 10,
    loadSettleMs: LOAD_SETTLE_MS.smoke,
    answerSettleMs: 500,
    polledConversation: 'longHistory',
  },
};
const HOOK_PAUSE_MS = 5;
const HOOK_TRIM = 0.1;
const HOOK_REPORT_TIMEOUT_MS = 180_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number, digits: number): number => Number(value.toFixed(digits));

export function browserBenchmark(extensionDir: () => string): Benchmark {
  return defineBenchmark({
    name: 'live runtime in Chromium',
    browser: 'chromium',
    figures: [
      'own_requests_per_load',
      'own_requests_older_pages',
      'own_token_requests_per_load',
      'own_requests_per_answer',
      'hook_overhead_ms_median',
      'hook_overhead_ms_no_extension',
      'hook_overhead_ms_attended',
      'extension_fetch_overhead_ms_median',
      'sse_first_chunk_delay_ratio',
      'own_requests_per_idle_minute',
      'own_requests_idle_minute_no_page_poll',
      'own_requests_hidden_minute',
      'poll_busy_ratio_10k',
    ],
    run: (scale) => measureInChromium(extensionDir(), atScale(scale, SIZES)),
  });
}

async function measureInChromium(extensionDir: string, size: BrowserSizes): Promise<BenchmarkResult> {
  const replica = await startReplica();
  // First, while no other browser runs: with the two below idle beside it, one run of the hook's timing
  // read 0.121 ms and its zero 0.03; alone, 0.079 and 0.012.
  const unattended = await unattendedHookTimings(replica, extensionDir, size);
  const launch = { replicaPort: replica.port, headless: true };
  const [withExtension, withoutExtension] = await Promise.all([
    launchBrowserWithExtension({ ...launch, extensionDir }).then((browser) => browser.context),
    launchBrowser({ ...launch, extensionDir: null }),
  ]);
  try {
    const load = await loadFigures(replica, withExtension, size);
    const hook = await hookFigures(replica, unattended, withExtension, withoutExtension, size);
    const minute = await idleMinuteFigures(replica, withExtension, withoutExtension, size);
    return joinedResults(load, hook, minute);
  } finally {
    await Promise.all([withExtension.close(), withoutExtension.close()]);
    await replica.close();
  }
}

const row = (label: string, value: number, target: string, detail: string): TableRow => ({
  label,
  cells: { value: String(value), target, detail },
});

/** The extension's requests while a conversation loads and settles, alone in the browser. */
async function ownRequestsOfLoad(
  replica: Replica,
  context: BrowserContext,
  name: FixtureName,
  size: BrowserSizes,
  query = '',
) {
  const id = FIXTURE_IDS[name];
  const from = Date.now();
  const tab = await openChatTab(context, id, query);
  await sleep(size.loadSettleMs);
  const requests = ownRequests(replica, id, { from, to: Date.now() }, { andUnnamed: true });
  await tab.page.close();
  return requests;
}

/**
 * The extension's requests for one answer, from the prompt until it settled: a complete answer streams all
 * it holds, so nothing is fetched after it (architecture "The stream as a source").
 */
async function ownRequestsOfAnswer(
  replica: Replica,
  context: BrowserContext,
  name: FixtureName,
  size: BrowserSizes,
) {
  const id = FIXTURE_IDS[name];
  const tab = await openChatTab(context, id);
  await sleep(size.loadSettleMs);
  const from = Date.now();
  const prompt = `Which trail shoes shed mud fastest, asked on ${name}?`;
  await tab.page.fill('textarea#prompt', prompt);
  await tab.page.click('button#send');
  await tab.page.waitForFunction(
    (asked) =>
      (window as unknown as { __replica?: { lastAnswer: string | null } }).__replica?.lastAnswer?.includes(
        asked,
      ),
    prompt,
    { timeout: 30_000 },
  );
  await sleep(size.answerSettleMs);
  const requests = ownRequests(replica, id, { from, to: Date.now() }, { andUnnamed: true });
  await tab.page.close();
  return requests;
}

async function loadFigures(
  replica: Replica,
  context: BrowserContext,
  size: BrowserSizes,
): Promise<BenchmarkResult> {
  // plain: one page of the messages format, which the page loads itself (site-interface 4.1), as the page
  // read it until autumn 2026 and as it reads it since, ten turns and a batch (site-interface 10.13).
  const onePage = [
    ...(await ownRequestsOfLoad(replica, context, 'plain', size)),
    ...(await ownRequestsOfLoad(replica, context, 'plain', size, '?history=small-pages')),
  ];
  // longHistory: exactly three pages at num_turns 100; the page loads the newest, the extension the two older.
  const threePages = await ownRequestsOfLoad(replica, context, 'longHistory', size);
  const [onePageData, threePagesData] = [onePage, threePages].map((requests) =>
    requests.filter((request) => !isTokenFetch(request)),
  ) as [string[], string[]];
  const tokenFetches = threePages.filter(isTokenFetch).length;
  const settle = `${size.loadSettleMs / 1000} s after the page loaded`;
  // liveSearch answers over SSE, liveSearchHandoff over the WebSocket after a handoff; both search.
  const answers = await Promise.all(
    (['liveSearch', 'liveSearchHandoff'] as const).map(async (name) => ({
      name,
      requests: (await ownRequestsOfAnswer(replica, context, name, size)).filter(
        (request) => !isTokenFetch(request),
      ),
    })),
  );
  const perAnswer = answers.reduce((sum, answer) => sum + answer.requests.length, 0);
  return {
    figures: {
      own_requests_per_load: onePageData.length,
      own_requests_older_pages: threePagesData.length,
      own_token_requests_per_load: tokenFetches,
      own_requests_per_answer: perAnswer,
    },
    rows: [
      row(
        'own requests, one-page conversation',
        onePageData.length,
        targetTextOf('own_requests_per_load'),
        `${settle}: ${onePage.join(', ') || '-'}`,
      ),
      row(
        'own requests, 3-page conversation',
        threePagesData.length,
        targetTextOf('own_requests_older_pages'),
        `${settle}: ${threePagesData.join(', ') || '-'}`,
      ),
      row(
        'own requests per answer, SSE and WebSocket',
        perAnswer,
        targetTextOf('own_requests_per_answer'),
        answers
          .map(({ name, requests }) => `${name}: ${requests.join(', ') || '-'}`)
          .join('; ')
          .concat(`; until ${size.answerSettleMs / 1000} s after the answer`),
      ),
      row(
        'own token requests, 3-page conversation',
        tokenFetches,
        targetTextOf('own_token_requests_per_load'),
        'GET /api/auth/session (site-interface 5)',
      ),
    ],
  };
}

/**
 * The page's own fetch calls and SSE answers, timed in alternating rounds with and without the
 * extension; and the hook's own added time, in the page with the extension alone (hookFigure).
 */
async function hookFigures(
  replica: Replica,
  unattended: UnattendedHookTimings,
  withExtension: BrowserContext,
  withoutExtension: BrowserContext,
  size: BrowserSizes,
): Promise<BenchmarkResult> {
  const id = HOOK_TIMED_CONVERSATION;
  const tabs = [await openChatTab(withExtension, id), await openChatTab(withoutExtension, id)];
  const treePath = HOOK_TIMED_PATH;
  const timings = tabs.map((tab) => ({ tab, fetch: [] as number[], sse: [] as number[] }));
  for (const { tab } of timings) {
    await fetchCallMean(tab.page, treePath, replica.accessToken, 5); // warm-up
    await firstSseChunkTime(tab.page, id, replica.accessToken);
  }
  // Alternating rounds, each a batch of calls: a round with and the round without that follows it form
  // a pair, so a drift of the machine's load over the run falls on both sides.
  for (let repetition = 0; repetition < size.fetchRounds; repetition += 1) {
    for (const { tab, fetch } of timings)
      fetch.push(await fetchCallMean(tab.page, treePath, replica.accessToken, size.fetchCallsPerRound));
  }
  for (let repetition = 0; repetition < size.sseRounds; repetition += 1) {
    for (const { tab, sse } of timings) sse.push(await firstSseChunkTime(tab.page, id, replica.accessToken));
  }
  const attended = await hookedAgainstNativeFetch((tabs[0] as ChatTab).page, {
    ...hookTimingOptions(replica, treePath, 'hooked', size),
    pairs: size.hookAttendedPairs,
  });
  await Promise.all(tabs.map((tab) => tab.page.close()));
  const hook = hookFigure(unattended, attended, size);
  const [fetchWith, fetchWithout] = timings.map((timing) => timing.fetch) as [number[], number[]];
  const overhead = round(median(fetchWith.map((mean, index) => mean - (fetchWithout[index] ?? 0))), 3);
  const [sseWith, sseWithout] = timings.map((timing) => median(timing.sse)) as [number, number];
  const sseRatio = round(sseWith / sseWithout, 3);
  const sseInterval = medianRatioInterval(timings[0]?.sse ?? [], timings[1]?.sse ?? []);
  const [medianWith, medianWithout] = [median(fetchWith), median(fetchWithout)];
  const calls = size.fetchRounds * size.fetchCallsPerRound;
  return {
    figures: {
      ...hook.figures,
      extension_fetch_overhead_ms_median: overhead,
      sse_first_chunk_delay_ratio: sseRatio,
    },
    intervals: { sse_first_chunk_delay_ratio: sseInterval },
    rows: [
      ...hook.rows,
      row(
        'fetch call, browser with / without extension, difference (ms)',
        overhead,
        targetTextOf('extension_fetch_overhead_ms_median'),
        `all the loaded extension does meanwhile (its worker, the relay), call to body read, median of ${size.fetchRounds} paired rounds of ${size.fetchCallsPerRound} calls (${calls} each): ${medianWith.toFixed(3)} with, ${medianWithout.toFixed(3)} without`,
      ),
      row(
        'first SSE chunk, with / without',
        sseRatio,
        targetTextOf('sse_first_chunk_delay_ratio'),
        `median of ${size.sseRounds} answers each: ${sseWith.toFixed(2)} ms with, ${sseWithout.toFixed(2)} ms without; ${intervalText(sseInterval)}`,
      ),
    ],
  };
}

const hookTimingOptions = (
  replica: Replica,
  path: string,
  pageFetch: HookTimingOptions['pageFetch'],
  size: BrowserSizes,
): HookTimingOptions => ({
  path,
  accessToken: replica.accessToken,
  warmUpPairs: size.hookWarmUpPairs,
  pairs: size.hookPairs,
  pauseMs: HOOK_PAUSE_MS,
  pageFetch,
});

const HOOK_TIMED_CONVERSATION = FIXTURE_IDS.sse;
/** The tree of the page's own conversation: an endpoint the hook copies (site-interface 4.2). */
const HOOK_TIMED_PATH = `/backend-api/conversation/${HOOK_TIMED_CONVERSATION}`;

interface UnattendedHookTimings {
  /** With the extension. */
  hooked: HookTiming;
  /** Without: the measurement's own zero. */
  zero: HookTiming;
}

const unattendedHookTimings = async (
  replica: Replica,
  extensionDir: string,
  size: BrowserSizes,
): Promise<UnattendedHookTimings> => ({
  hooked: await unattendedHookTiming(replica, extensionDir, size),
  zero: await unattendedHookTiming(replica, null, size),
});

/** The timing page of page-timings.ts, run in an unattended Chromium with the extension or without. */
async function unattendedHookTiming(
  replica: Replica,
  extensionDir: string | null,
  size: BrowserSizes,
): Promise<HookTiming> {
  replica.setTestPage(
    hookTimingPageHtml(hookTimingOptions(replica, HOOK_TIMED_PATH, extensionDir ? 'hooked' : 'native', size)),
  );
  const browser = openUnattended({
    extensionDir,
    replicaPort: replica.port,
    url: 'https://chatgpt.com/__replica/test-page',
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const report = await Promise.race([
      replica.nextReport(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new Error(`The hook timing page reported nothing in ${HOOK_REPORT_TIMEOUT_MS / 1000} s.`)),
          HOOK_REPORT_TIMEOUT_MS,
        );
      }),
    ]);
    if (typeof report !== 'object' || report === null || 'error' in report)
      throw new Error(`The hook timing page failed: ${JSON.stringify(report)}`);
    return report as HookTiming;
  } finally {
    clearTimeout(timer);
    await browser.close();
    replica.setTestPage(null);
  }
}

const pairFigure = (timing: HookTiming): number => round(trimmedMean(timing.pairDifferences, HOOK_TRIM), 3);

/**
 * The added time per page fetch call: the page's hooked fetch against a native fetch in the same
 * page (page-timings.ts), so only what runs on the page's path counts, not the rest of the extension. It
 * is timed in a Chromium no automation is attached to (unattended-browser.ts), as a user's is; the same
 * page without the extension shows the measurement's own zero, and the timing in the page Playwright
 * drives is given for comparison.
 */
function hookFigure(
  { hooked, zero }: UnattendedHookTimings,
  attended: HookTiming,
  size: BrowserSizes,
): BenchmarkResult {
  const figures = {
    hook_overhead_ms_median: pairFigure(hooked),
    hook_overhead_ms_no_extension: pairFigure(zero),
    hook_overhead_ms_attended: pairFigure(attended),
  };
  // The clock of the test page is fine enough (cross-origin isolated) for the pairs' median to mean
  // something too: given for comparison.
  const means = (timing: HookTiming): string =>
    `${timing.pageMean.toFixed(3)} page, ${timing.nativeMean.toFixed(3)} frame, clock ${timing.crossOriginIsolated ? '5 µs' : '100 µs'}`;
  const trimmed = `${HOOK_TRIM * 100}%-trimmed mean of ${size.hookPairs} pair differences`;
  return {
    figures,
    rows: [
      row(
        'hook overhead per fetch call (ms)',
        figures.hook_overhead_ms_median,
        targetTextOf('hook_overhead_ms_median'),
        `no automation attached; the page's hooked fetch minus an about:blank frame's native fetch, call to body read, interleaved call by call: ${trimmed} (their median: ${median(hooked.pairDifferences).toFixed(3)}); means ${means(hooked)}`,
      ),
      row(
        'the same, without the extension (ms)',
        figures.hook_overhead_ms_no_extension,
        targetTextOf('hook_overhead_ms_no_extension'),
        `the measurement's own zero: both fetches native; ${trimmed}; means ${means(zero)}`,
      ),
      row(
        'the same, in a page Playwright drives (ms)',
        figures.hook_overhead_ms_attended,
        targetTextOf('hook_overhead_ms_attended'),
        `DevTools instrumentation attached, as in the tests: ${HOOK_TRIM * 100}%-trimmed mean of ${size.hookAttendedPairs} pairs; means ${means(attended)}`,
      ),
    ],
  };
}

/**
 * One real minute, four tabs at once with the extension and one without: a visible tab whose page polls
 * its tree (every 5 s), a visible tab whose page polls nothing (?tree_poll=off), a hidden tab, and the
 * 10,000-message conversation whose unchanged tree the page polls, in both browsers. The minute starts
 * once the extension has loaded what it needs (the 10k conversation's older pages), so it is idle.
 */
async function idleMinuteFigures(
  replica: Replica,
  withExtension: BrowserContext,
  withoutExtension: BrowserContext,
  size: BrowserSizes,
): Promise<BenchmarkResult> {
  const polling = FIXTURE_IDS.webSearch;
  const notPolling = FIXTURE_IDS.extraKeys;
  const hidden = FIXTURE_IDS.liveSearch;
  const big = FIXTURE_IDS[size.polledConversation];
  await openChatTab(withExtension, polling);
  await openChatTab(withExtension, notPolling, '?tree_poll=off');
  const hiddenTab = await openChatTab(withExtension, hidden);
  const bigWith = await openChatTab(withExtension, big);
  const bigWithout = await openChatTab(withoutExtension, big);
  await hideTab(hiddenTab);
  await waitForQuiet(replica, big, { quietMs: 3_000, limitMs: 120_000 });
  await waitForQuiet(replica, hidden, { quietMs: 2_000, limitMs: 10_000 });
  const startBusy = await Promise.all([busyTime(bigWith), busyTime(bigWithout)]);
  const from = Date.now();
  await sleep(size.idleMinuteMs);
  const to = Date.now();
  const endBusy = await Promise.all([busyTime(bigWith), busyTime(bigWithout)]);
  const window = { from, to };
  const [taskWith, taskWithout] = [0, 1].map(
    (index) => (endBusy[index]?.taskSeconds ?? 0) - (startBusy[index]?.taskSeconds ?? 0),
  ) as [number, number];
  const [scriptWith, scriptWithout] = [0, 1].map(
    (index) => (endBusy[index]?.scriptSeconds ?? 0) - (startBusy[index]?.scriptSeconds ?? 0),
  ) as [number, number];
  const count = (id: string): number => ownRequests(replica, id, window).length;
  const figures = {
    own_requests_per_idle_minute: count(polling),
    own_requests_idle_minute_no_page_poll: count(notPolling),
    own_requests_hidden_minute: count(hidden),
    poll_busy_ratio_10k: round(taskWith / taskWithout, 3),
  };
  const unnamed = `${unnamedOwnRequests(replica, window)} request(s) naming no conversation in the same minute`;
  return {
    figures,
    rows: [
      row(
        'own requests, visible idle minute, page polls',
        figures.own_requests_per_idle_minute,
        targetTextOf('own_requests_per_idle_minute'),
        unnamed,
      ),
      row(
        'own requests, visible idle minute, no page poll',
        figures.own_requests_idle_minute_no_page_poll,
        targetTextOf('own_requests_idle_minute_no_page_poll'),
        `${size.idleMinuteMs / 1000} s window`,
      ),
      row(
        'own requests, hidden minute',
        figures.own_requests_hidden_minute,
        targetTextOf('own_requests_hidden_minute'),
        `${size.idleMinuteMs / 1000} s window`,
      ),
      row(
        `main-thread busy, ${size.polledConversation} tree polled, with / without`,
        figures.poll_busy_ratio_10k,
        targetTextOf('poll_busy_ratio_10k'),
        `TaskDuration ${taskWith.toFixed(3)} s / ${taskWithout.toFixed(3)} s; ScriptDuration ${scriptWith.toFixed(3)} s / ${scriptWithout.toFixed(3)} s`,
      ),
    ],
  };
}
