import { type JSX, useId } from 'react';
import type { Transport } from '@/lib/model/transport';

const LABELS: Record<Transport, string> = {
  websocket: 'WebSocket',
  sse: 'SSE',
  html: 'HTML stream',
  unknown: 'not seen yet',
};

/** site-interface 6: only a stream tells the transport, and a loaded conversation streams nothing. */
export const TRANSPORT_UNSEEN_HINT = 'The transport is known once an answer streams in this tab.';

/**
 * How the answers streamed (site-interface 6), as text: the colour only repeats it. Until an answer
 * streams it says so, with why as its tooltip and its accessible description, so that no reader takes
 * the wait for a fault.
 */
export function TransportBadge({
  transport,
  resumed = false,
}: {
  transport: Transport;
  /** An SSE answer came from a resume call (site-interface 10.15). */
  resumed?: boolean;
}): JSX.Element {
  const hintId = useId();
  const unseen = transport === 'unknown';
  return (
    <>
      <span
        className={`badge badge--transport badge--${transport}`}
        data-testid="transport-badge"
        title={unseen ? TRANSPORT_UNSEEN_HINT : undefined}
        aria-describedby={unseen ? hintId : undefined}
      >
        <span className="visually-hidden">Transport: </span>
        {LABELS[transport]}
        {transport === 'sse' && resumed && ' (resumed)'}
      </span>
      {unseen && (
        <span id={hintId} hidden>
          {TRANSPORT_UNSEEN_HINT}
        </span>
      )}
    </>
  );
}
