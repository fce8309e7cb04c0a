import { fail, ok, type Result } from '@/lib/model/result';
import { retryAfterMs } from './retry-after';

/** site-interface 7: without Retry-After, 60 s, then 120 s, then 300 s, and 300 s from then on. */
export const BACKOFF_LADDER_MS = [60_000, 120_000, 300_000] as const;

/**
 * Plain JSON, so the service worker can store it and restore it after being stopped
 * (architecture "One rate governor").
 */
export interface RateGovernorState {
  /** Epoch ms before which no request goes out; null when requests are free. */
  blockedUntil: number | null;
  /** 429 answers since the last success; picks the rung of the ladder. */
  strikes: number;
}

/** What the governor reads of a response: a fetch Response fits, so does a captured one. */
export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
}

export interface RateGovernorOptions {
  now: () => number;
  /** Needed only by run(..., { waitWhenBlocked: true }). */
  sleep?: (ms: number) => Promise<void>;
  /** State saved earlier with state(); anything unreadable starts fresh. */
  saved?: unknown;
  /** Called whenever the state changes, so the caller can save it at once. */
  onStateChange?: (state: RateGovernorState) => void;
  /** Picks each gap's jitter while a spacing is set; a number in [0, 1). */
  random?: () => number;
}

/**
 * A pace every request keeps while it is set: each starts at least `minGapMs` plus up to `jitterMs` after the
 * one before (site-interface 10.7: a bulk run asks one conversation at a time, a second or more apart).
 */
export interface Spacing {
  minGapMs: number;
  jitterMs: number;
}

export interface RunOptions {
  /** Sleep out a block (with the given sleep) instead of answering 'rate-limited' at once. */
  waitWhenBlocked?: boolean;
}

export interface RateGovernor {
  /**
   * Sends the request unless requests are held; a 429 holds every later request
   * (architecture "One rate governor").
   */
  run(request: () => Promise<Response>, options?: RunOptions): Promise<Result<Response>>;
  /** Feeds a response the governor did not send itself (one the page received) into the same limit. */
  noteResponse(response: ResponseLike): void;
  state(): RateGovernorState;
  /** Epoch ms when requests may go out again; null when they may go now. */
  waitUntil(): number | null;
  /**
   * Spaces every later request, whoever sends it, until set to null; needs `sleep`. A block still answers
   * at once unless the request waits it out.
   */
  setSpacing(spacing: Spacing | null): void;
}

function restore(saved: unknown): RateGovernorState {
  if (typeof saved !== 'object' || saved === null) return { blockedUntil: null, strikes: 0 };
  const { blockedUntil, strikes } = saved as Record<string, unknown>;
  return {
    blockedUntil: typeof blockedUntil === 'number' && Number.isFinite(blockedUntil) ? blockedUntil : null,
    strikes: typeof strikes === 'number' && Number.isInteger(strikes) && strikes > 0 ? strikes : 0,
  };
}

function ladderStep(strikes: number): number {
  return BACKOFF_LADDER_MS[Math.min(strikes, BACKOFF_LADDER_MS.length) - 1] ?? BACKOFF_LADDER_MS[0];
}

/**
 * The one limiter for every request of the extension (site-interface 7, site-interface 8;
 * architecture "One rate governor"). A 429 stops every call until the wait is over; the wait is never shorter
 * than Retry-After, and without it climbs the ladder. A success resets it. It holds no data, so data loaded
 * before a 429 stays with its owner.
 */
export function createRateGovernor(options: RateGovernorOptions): RateGovernor {
  const { now, sleep, onStateChange, random = Math.random } = options;
  let current = restore(options.saved);
  let spacing: Spacing | null = null;
  /** When the latest spaced request may start: each takes the next slot before it sleeps, so two never share one. */
  let nextSlot = 0;

  /** Sleeps until this request's slot; the slot after it is taken at once. */
  const keepPace = async (): Promise<void> => {
    if (spacing === null || sleep === undefined) return;
    const start = Math.max(now(), nextSlot);
    nextSlot = start + spacing.minGapMs + Math.floor(random() * spacing.jitterMs);
    if (start > now()) await sleep(start - now());
  };

  const update = (next: RateGovernorState): void => {
    if (next.blockedUntil === current.blockedUntil && next.strikes === current.strikes) return;
    current = next;
    onStateChange?.({ ...current });
  };

  const waitUntil = (): number | null =>
    current.blockedUntil !== null && current.blockedUntil > now() ? current.blockedUntil : null;

  const noteResponse = (response: ResponseLike): void => {
    if (response.status === 429) {
      const strikes = current.strikes + 1;
      const wait = retryAfterMs(response.headers.get('retry-after'), now()) ?? ladderStep(strikes);
      // A later 429 never shortens a wait already running.
      update({ blockedUntil: Math.max(now() + wait, current.blockedUntil ?? 0), strikes });
    } else if (response.status >= 200 && response.status < 300) {
      // A success starts the ladder again, but a wait still running stays: only a request sent before the
      // 429 that set it can succeed now, answered late, and Retry-After holds whatever else (site-interface 7).
      update({ blockedUntil: waitUntil(), strikes: 0 });
    }
  };

  const rateLimited = (retryAt: number): Result<Response> =>
    fail(
      'rate-limited',
      `The chat site asked to slow down; requests resume in ${Math.ceil((retryAt - now()) / 1000)} s.`,
      { status: 429, retryAt },
    );

  const run = async (
    request: () => Promise<Response>,
    runOptions: RunOptions = {},
  ): Promise<Result<Response>> => {
    let blockedUntil = waitUntil();
    while (blockedUntil !== null && runOptions.waitWhenBlocked === true && sleep !== undefined) {
      await sleep(blockedUntil - now());
      blockedUntil = waitUntil();
    }
    if (blockedUntil !== null) return rateLimited(blockedUntil);
    await keepPace();
    // A 429 may have come while this request waited for its slot.
    blockedUntil = waitUntil();
    if (blockedUntil !== null) return rateLimited(blockedUntil);
    let response: Response;
    try {
      response = await request();
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'unknown reason';
      return fail('network', `The request did not complete (${reason}).`);
    } finally {
      // A whole gap after the answer too: the site, which sees a request when it arrives, never sees two
      // closer than the gap, however long one took on the way (site-interface 10.7).
      if (spacing !== null) nextSlot = Math.max(nextSlot, now() + spacing.minGapMs);
    }
    noteResponse(response);
    if (response.status === 429) return rateLimited(current.blockedUntil ?? now());
    return ok(response);
  };

  const setSpacing = (next: Spacing | null): void => {
    spacing = next;
  };

  return { run, noteResponse, state: () => ({ ...current }), waitUntil, setSpacing };
}
