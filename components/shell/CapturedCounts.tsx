import type { JSX } from 'react';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import type { EndpointKind } from '@/lib/capture/endpoint';

const ENDPOINT_LABELS: Record<EndpointKind, string> = {
  'conversation-messages': 'Conversation pages (messages format)',
  'conversations-batch': 'Conversation batches (tree format)',
  'conversation-tree': 'Conversation tree (mapping format)',
  ads: 'Ads responses',
  'product-update': 'Product refreshes',
  'submit-prompt': 'Prompt streams (SSE)',
  'resume-stream': 'Resumed streams (SSE)',
  'stream-status': 'Stream status polls',
  me: 'Account responses',
};

/**
 * What the extension copied of the page's own traffic on this tab (architecture "Passive first"): folded
 * away at the bottom, for a user who wonders where the data came from.
 */
export function CapturedCounts({ lens }: { lens: TabLens }): JSX.Element | null {
  const counts = Object.entries(lens.captured.responses) as Array<[EndpointKind, number]>;
  const frames = lens.captured.websocketFrames;
  if (counts.length === 0 && frames === 0) return null;
  return (
    <details className="captured">
      <summary>Captured from the page</summary>
      <dl className="captured__counts" data-testid="capture-counts">
        {counts.map(([endpoint, count]) => (
          <div key={endpoint} data-endpoint={endpoint}>
            <dt>{ENDPOINT_LABELS[endpoint]}</dt>
            <dd>{count}</dd>
          </div>
        ))}
        {frames > 0 && (
          <div data-endpoint="websocket-frames">
            <dt>WebSocket stream frames</dt>
            <dd>{frames}</dd>
          </div>
        )}
      </dl>
    </details>
  );
}
