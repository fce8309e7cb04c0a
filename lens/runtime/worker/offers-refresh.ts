import type { ConversationHolding } from '@/lens/holding/conversation-holding';
import type { SendRequest } from '@/lib/api/product-update-client';
import { refreshProducts } from '@/lib/api/product-update-refresh';
import type { RateGovernor } from '@/lib/api/rate-governor';
import type { OffersRefreshState } from '@/lib/snapshot/snapshot-base';

export interface OffersRefreshDeps {
  /** BackendClient.send: authenticated, through the one governor (architecture "One rate governor"). */
  send: SendRequest;
  governor: RateGovernor;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
  now: () => number;
}

export interface OffersRefreshOutcome {
  /** False when the conversation's refresh was already asked for: the request joined that run. */
  started: boolean;
  state: OffersRefreshState;
}

export interface OffersRefresher {
  /** Refreshes the products of the conversation with the lookup keys the holding kept in memory. */
  run(holding: ConversationHolding): Promise<OffersRefreshOutcome>;
}

/**
 * The refreshOffers command: refreshProducts over the products of a conversation (site-interface 4.4: one
 * call per product, 300 to 500 ms apart, a stop at the first 429, one failure not fatal), its progress
 * written into the holding as it goes. One run at a time for the whole worker, so two conversations' runs
 * never interleave their calls and break the pacing: a second conversation's run waits its turn (shown as
 * running, none done yet), and a conversation asked for again joins its run.
 */
export function createOffersRefresher(deps: OffersRefreshDeps): OffersRefresher {
  /** The run under way and those waiting, by conversation. */
  const asked = new Map<ConversationHolding, Promise<OffersRefreshOutcome>>();
  let lastInLine: Promise<unknown> = Promise.resolve();

  const finalState = (
    total: number,
    done: number,
    failures: number,
    rateLimit: OffersRefreshState['error'],
    firstFailure: OffersRefreshState['error'],
  ): OffersRefreshState => ({
    running: false,
    done,
    total,
    failures,
    rateLimitedUntil: rateLimit === null ? null : (deps.governor.waitUntil() ?? rateLimit.retryAt ?? null),
    // One failure is not fatal (site-interface 4.4): an error is shown only when the run stopped or nothing
    // succeeded.
    error: rateLimit ?? (total > 0 && failures >= total ? firstFailure : null),
  });

  /** A run of `total` products that has not done any yet (running, unless there is none). */
  const startingState = (total: number): OffersRefreshState => ({
    ...finalState(total, 0, 0, null, null),
    running: total > 0,
  });

  const runNow = async (holding: ConversationHolding): Promise<OffersRefreshOutcome> => {
    const cards = holding.captured.productRefreshRequests();
    let state = startingState(cards.length);
    holding.ledger.setOffersRefresh(state);
    if (cards.length === 0) return { started: true, state };
    const result = await refreshProducts({
      cards,
      send: deps.send,
      sleep: deps.sleep,
      random: deps.random,
      now: deps.now,
      onProgress: (progress) => {
        state = { ...state, done: progress.done, failures: progress.failures };
        holding.ledger.setOffersRefresh(state);
      },
    });
    holding.captured.noteProductRefreshRun(result);
    state = finalState(
      cards.length,
      state.done,
      result.failures.length,
      result.rateLimit,
      result.failures[0]?.error ?? null,
    );
    holding.ledger.setOffersRefresh(state);
    return { started: true, state };
  };

  const run = (holding: ConversationHolding): Promise<OffersRefreshOutcome> => {
    const joined = asked.get(holding);
    if (joined !== undefined) return joined.then(({ state }) => ({ started: false, state }));
    if (asked.size > 0)
      holding.ledger.setOffersRefresh(startingState(holding.captured.productRefreshRequests().length));
    const turn = lastInLine.then(() => runNow(holding));
    const outcome = turn.finally(() => asked.delete(holding));
    asked.set(holding, outcome);
    lastInLine = outcome.catch(() => undefined);
    return outcome;
  };

  return { run };
}
