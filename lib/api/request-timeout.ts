/** The part of fetch the api layer uses; the runtime passes the real one, tests a fake. */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * How long one request of the extension may take, its answer and its body. The calls of the interface
 * document answer in well under a second; a request still open after 20 s is given up, so one stalled
 * answer cannot hold the tab's later refreshes (they wait for the one under way) and the state can say
 * what happened. The next refresh asks again.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

export interface RequestDeadline {
  ms: number;
  /** A signal that aborts after `ms`: AbortSignal.timeout in the browser, one the test aborts in tests. */
  signal: (ms: number) => AbortSignal;
}

export const DEFAULT_DEADLINE: RequestDeadline = {
  ms: REQUEST_TIMEOUT_MS,
  signal: (ms) => AbortSignal.timeout(ms),
};

/**
 * `fetch` with a deadline: the request and the reading of its body are aborted once it passes, and a
 * request unanswered by then fails with a reason a user can read.
 */
export function withDeadline(fetch: FetchLike, deadline: RequestDeadline = DEFAULT_DEADLINE): FetchLike {
  return async (url, init) => {
    const signal = deadline.signal(deadline.ms);
    try {
      return await fetch(url, { ...init, signal });
    } catch (error) {
      if (signal.aborted) throw new Error(`no answer within ${Math.round(deadline.ms / 1000)} s`);
      throw error;
    }
  };
}
