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
  /** The account's pace as its 429s showed it; null before the first, or once forgotten. */
  pace: ObservedPace | null;
}

/**
 * The account's pace, learnt from its 429s (site-interface 7). The site answers from a
 * bucket that refills at a steady rate: when a 429's wait ends the bucket holds about one request, and each
 * request it answers after that took one refill. So the time from the end of the first wait to the end of the
 * latest one, over the requests answered in between, is the time one refill takes; it grows more exact with
 * every 429, as the error of a request held over either end is shared by more. The requests answered before
 * the first 429 tell nothing of it: they spent the bucket's stock as well as its refills.
 */
export interface ObservedPace {
  /** Epoch ms when the first 429's wait ended. */
  from: number;
  /** Requests answered (2xx) since `from` while a spacing was set, whoever sent them. */
  answered: number;
  /** How long one refill takes, ms: until a second 429 measures it, the first wait, the site's own guess. */
  refillMs: number;
}

/** The governor's wait, as a tab's lens shows it: the pace changes with each answer of a bulk run, and no tab shows it. */
export type RateGovernorWait = Pick<RateGovernorState, 'blockedUntil' | 'strikes'>;

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
 * one before (site-interface 10.7: a bulk run asks one conversation at a time, a second or more apart). Once a
 * 429 showed the account's pace, the gap is the longer of `minGapMs` and that pace's (`pacedGapMs`).
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
  /**
   * The least gap the account's pace asks of spaced requests (one refill and its margin); null before a 429
   * showed it.
   */
  pacedGapMs(): number | null;
  /** Drops the pace learnt so far: a new bulk run measures its own (the bucket may be full again). */
  forgetPace(): void;
}

/**
 * How much longer than one measured refill a paced gap is: enough for the second a Retry-After is rounded to at
 * either end of a measure, so a run at the pace meets no avoidable 429 (site-interface 7).
 */
export const PACE_MARGIN = 1.05;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A saved pace, or null when there is none or it cannot be read (a state saved before paces were kept). */
function restorePace(saved: unknown): ObservedPace | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { from, answered, refillMs } = saved as Record<string, unknown>;
  if (!finite(from) || !finite(refillMs) || refillMs < 0) return null;
  const count = typeof answered === 'number' && Number.isInteger(answered) && answered > 0 ? answered : 0;
  return { from, answered: count, refillMs };
}

function restore(saved: unknown): RateGovernorState {
  if (typeof saved !== 'object' || saved === null) return { blockedUntil: null, strikes: 0, pace: null };
  const { blockedUntil, strikes, pace } = saved as Record<string, unknown>;
  return {
    blockedUntil: finite(blockedUntil) ? blockedUntil : null,
    strikes: typeof strikes === 'number' && Number.isInteger(strikes) && strikes > 0 ? strikes : 0,
    pace: restorePace(pace),
  };
}

/**
 * The pace after a 429 that holds requests until `resumeAt`. One that comes while the wait it extends still
 * runs (the page's own, or one answered late) starts the measure later; any other ends a measured stretch.
 */
function paceAfter429(pace: ObservedPace | null, now: number, resumeAt: number): ObservedPace {
  if (pace === null || now < pace.from)
    return {
      from: Math.max(pace?.from ?? resumeAt, resumeAt),
      answered: 0,
      refillMs: Math.max(pace?.refillMs ?? 0, resumeAt - now),
    };
  return { ...pace, refillMs: (resumeAt - pace.from) / Math.max(1, pace.answered) };
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
  const pacedGapMs = (): number | null =>
    current.pace === null ? null : Math.ceil(current.pace.refillMs * PACE_MARGIN);
  /**
   * When the latest spaced request may start: each takes the next slot before it sleeps, so two never share one.
   * A restored pace holds the first a whole paced gap: the stopped worker's last request may have just gone.
   */
  let nextSlot = now() + (pacedGapMs() ?? 0);

  /** The least gap between two spaced requests: the spacing's, or the account's pace once a 429 showed it. */
  const minGap = (set: Spacing): number => Math.max(set.minGapMs, pacedGapMs() ?? 0);

  /** Sleeps until this request's slot; the slot after it is taken at once. */
  const keepPace = async (): Promise<void> => {
    if (spacing === null || sleep === undefined) return;
    const start = Math.max(now(), nextSlot);
    nextSlot = start + minGap(spacing) + Math.floor(random() * spacing.jitterMs);
    if (start > now()) await sleep(start - now());
  };

  const update = (next: RateGovernorState): void => {
    if (
      next.blockedUntil === current.blockedUntil &&
      next.strikes === current.strikes &&
      next.pace === current.pace
    )
      return;
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
      const blockedUntil = Math.max(now() + wait, current.blockedUntil ?? 0);
      update({ blockedUntil, strikes, pace: paceAfter429(current.pace, now(), blockedUntil) });
    } else if (response.status >= 200 && response.status < 300) {
      // A success starts the ladder again, but a wait still running stays: only a request sent before the
      // 429 that set it can succeed now, answered late, and Retry-After holds whatever else (site-interface 7).
      // Counted while a bulk run spaces requests, the page's answers too: what the pace is measured for.
      const { pace } = current;
      const counting = pace !== null && spacing !== null && now() >= pace.from;
      const counted = counting ? { ...pace, answered: pace.answered + 1 } : pace;
      update({ blockedUntil: waitUntil(), strikes: 0, pace: counted });
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
      if (spacing !== null) nextSlot = Math.max(nextSlot, now() + minGap(spacing));
    }
    noteResponse(response);
    if (response.status === 429) return rateLimited(current.blockedUntil ?? now());
    return ok(response);
  };

  const setSpacing = (next: Spacing | null): void => {
    spacing = next;
  };

  const forgetPace = (): void => update({ ...current, pace: null });

  return {
    run,
    noteResponse,
    state: () => ({ ...current }),
    waitUntil,
    setSpacing,
    pacedGapMs,
    forgetPace,
  };
}
