import type { JSX, ReactNode } from 'react';
import { browser } from '#imports';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import { modelName } from '@/lib/model/model-name';
import { FreshnessLine } from './FreshnessLine';
import { LoadProgress } from './LoadProgress';
import { OpenLibraryButton } from './OpenLibraryButton';
import { ReadingHealthBadge } from './ReadingHealthBadge';
import { TransportBadge } from './TransportBadge';

const SIGNED_OUT_HINT =
  'This chat is used without an account: Chat Lens reads it from its answers as they stream, and asks chatgpt.com for nothing.';
const TEMPORARY_HINT =
  'A temporary chat: ChatGPT keeps it out of the history, so Chat Lens follows it by what its answers name.';
const ANSWERING_HINT =
  'ChatGPT was still making the answer when the conversation was last read: its last turn is not finished.';

/**
 * The conversation's title line and facts; the way to the library, then `actions`, the surface's own buttons
 * (panel, settings).
 */
export function Header({
  snapshot,
  signedOut,
  temporary,
  actions,
}: {
  snapshot: LensSnapshot | null;
  /** The chat is used signed out (site-interface 10.10): read from its answer streams alone. */
  signedOut: boolean;
  /** The chat is a temporary one (site-interface 10.12): named by its streams, not by its address. */
  temporary: boolean;
  actions: ReactNode;
}): JSX.Element {
  const summary = snapshot?.summary ?? null;
  return (
    <header className="header">
      <div className="header__top">
        <h1 id="app-title" className="header__brand">
          Chat Lens
        </h1>
        <div className="header__actions">
          <OpenLibraryButton />
          {actions}
        </div>
      </div>
      {snapshot !== null && summary !== null && (
        <div className="header__conversation">
          <p className="header__title" data-testid="conversation-title">
            {summary.title ?? 'Untitled conversation'}
          </p>
          <p className="header__facts">
            {summary.model !== null && (
              <span data-testid="model" title={summary.model}>
                {modelName(summary.model)}
              </span>
            )}
            <span data-testid="message-count">
              {summary.messageCount} {summary.messageCount === 1 ? 'message' : 'messages'}
            </span>
            <TransportBadge transport={snapshot.transport} resumed={snapshot.transportCounts.resumed > 0} />
            {summary.answering && (
              <span className="badge" data-testid="answering" title={ANSWERING_HINT}>
                Answering
              </span>
            )}
            {temporary && (
              <span className="badge" data-testid="temporary-chat" title={TEMPORARY_HINT}>
                Temporary chat
              </span>
            )}
            {signedOut && (
              <span className="badge" data-testid="signed-out" title={SIGNED_OUT_HINT}>
                Signed out
              </span>
            )}
            <FreshnessLine updatedAt={snapshot.updatedAt} rateLimitedUntil={snapshot.rateLimitedUntil} />
          </p>
          <ReadingHealthBadge unread={snapshot.unread} version={browser.runtime.getManifest().version} />
          <LoadProgress progress={snapshot.progress} />
        </div>
      )}
    </header>
  );
}
