import type { JSX } from 'react';
import type { Transport } from '@/lib/insights/transport';

const LABELS: Record<Transport, string> = { websocket: 'WebSocket', sse: 'SSE', unknown: 'unknown' };

/** How the answers streamed (site-interface 6), as text: the colour only repeats it. */
export function TransportBadge({ transport }: { transport: Transport }): JSX.Element {
  return (
    <span className={`badge badge--transport badge--${transport}`} data-testid="transport-badge">
      <span className="visually-hidden">Transport: </span>
      {LABELS[transport]}
    </span>
  );
}
