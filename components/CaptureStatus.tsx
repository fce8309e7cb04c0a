import type { EndpointKind } from '@/lib/capture/endpoint';
import { conversationIdFromPageUrl } from '@/lib/capture/endpoint';
import { useTabLens } from './use-tab-lens';
import type { TargetTab } from './use-target-tab';

const endpointLabels: Record<EndpointKind, string> = {
  'conversation-messages': 'Conversation pages (messages format)',
  'conversation-tree': 'Conversation tree (mapping format)',
  ads: 'Ads responses',
  'product-update': 'Product refreshes',
  'submit-prompt': 'Prompt streams (SSE)',
  'stream-status': 'Stream status polls',
  me: 'Account responses',
};

/** What the extension has seen on the tab so far: counts of the responses it copied. */
export function CaptureStatus({ tab }: { tab: TargetTab }) {
  const lens = useTabLens(tab.id);
  const summary = lens?.captured;
  const conversationId =
    lens?.conversationId ?? (tab.url === null ? null : conversationIdFromPageUrl(tab.url));
  if (conversationId === null) {
    return <p role="status">Open a conversation on chatgpt.com to inspect it.</p>;
  }
  const counts = Object.entries(summary?.responses ?? {}) as Array<[EndpointKind, number]>;
  return (
    <section aria-labelledby="capture-title">
      <h2 id="capture-title">
        Conversation <code>{conversationId}</code>
      </h2>
      {counts.length === 0 && (summary?.websocketFrames ?? 0) === 0 ? (
        <p role="status">Nothing seen yet on this tab. Reload the conversation to capture it.</p>
      ) : (
        <dl className="capture-counts" data-testid="capture-counts">
          {counts.map(([endpoint, count]) => (
            <div key={endpoint} data-endpoint={endpoint}>
              <dt>{endpointLabels[endpoint]}</dt>
              <dd>{count}</dd>
            </div>
          ))}
          {(summary?.websocketFrames ?? 0) > 0 && (
            <div data-endpoint="websocket-frames">
              <dt>WebSocket stream frames</dt>
              <dd>{summary?.websocketFrames}</dd>
            </div>
          )}
        </dl>
      )}
      <p className="app__note">
        Search queries, ads, offers and export are not built yet; these counts are what the extension has
        captured.
      </p>
    </section>
  );
}
