import type { JSX } from 'react';
import { clockTime } from '@/components/shell/time-text';
import type { OffersRefreshState } from '@/lib/snapshot/snapshot-base';

/** What the last "Refresh offers" run (site-interface 4.4: paced, stopped by a 429) did, in a sentence. */
function progressText(state: OffersRefreshState): string | null {
  const failed = state.failures > 0 ? `, ${state.failures} failed` : '';
  if (state.running) return `Refreshing offers: ${state.done} of ${state.total}${failed}.`;
  if (state.total > 0) return `Last refresh: ${state.done} of ${state.total} products${failed}.`;
  return null;
}

/** The button that runs the runtime's refreshOffers, and how the run stands. */
export function OffersRefresh({
  state,
  onRefreshOffers,
}: {
  state: OffersRefreshState;
  onRefreshOffers: () => void;
}): JSX.Element {
  const progress = progressText(state);
  return (
    <div className="offers-refresh">
      <button
        type="button"
        className="offers-refresh__button"
        onClick={onRefreshOffers}
        disabled={state.running}
        aria-describedby="offers-refresh-status"
      >
        {state.running ? 'Refreshing…' : 'Refresh offers'}
      </button>
      <div id="offers-refresh-status" className="offers-refresh__status" role="status">
        {state.running && state.total > 0 && (
          <progress value={state.done} max={state.total} aria-label="Products refreshed" />
        )}
        {progress !== null && <span>{progress}</span>}
        {state.rateLimitedUntil !== null && (
          <span className="offers-refresh__limited">
            Rate limited until {clockTime(state.rateLimitedUntil)}; the refresh stopped there.
          </span>
        )}
        {state.error !== null && state.error.code !== 'rate-limited' && (
          <span className="offers-refresh__error">{state.error.message}</span>
        )}
      </div>
    </div>
  );
}
