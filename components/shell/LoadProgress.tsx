import type { JSX } from 'react';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';

/**
 * A bar while older pages load (site-interface 4.1). The total is unknown until the last page, so the bar is
 * indeterminate and the text counts what arrived.
 */
export function LoadProgress({ progress }: { progress: LensSnapshot['progress'] }): JSX.Element | null {
  const loading = progress.loading;
  if (loading === null) return null;
  const text = `Loading older messages: ${loading.messagesLoaded} messages, ${loading.pagesLoaded} pages`;
  return (
    <div className="load-progress" data-testid="load-progress">
      <progress aria-label={text} />
      <span className="load-progress__text">{text}</span>
    </div>
  );
}
