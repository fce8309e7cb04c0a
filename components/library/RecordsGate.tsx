import type { JSX, ReactNode } from 'react';
import type { RecordsLoad } from '@/components/library/shared/library-data';
import { countOf } from '@/components/library/shared/number-text';
import type { LibraryConversation } from '@/lens/library/library-record';

/**
 * What a tab that reads the conversations whole shows until they are read: how many are being read, then
 * the tab; a failed read says why and offers to try again.
 */
export function RecordsGate({
  load,
  conversations,
  onRetry,
  children,
}: {
  load: RecordsLoad;
  /** How many conversations the summaries count: the size of the read. */
  conversations: number;
  onRetry: () => void;
  children: (records: readonly LibraryConversation[]) => ReactNode;
}): JSX.Element {
  if (load.state === 'ready') return <>{children(load.records)}</>;
  if (load.state === 'failed')
    return (
      <div className="banner banner--error library-banner" role="alert">
        <p>{load.message}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  return (
    <div className="library-loading" role="status" data-testid="records-loading">
      <p>Reading {countOf(conversations, 'conversation', 'conversations')} of the library…</p>
      <progress aria-label="Reading the library" />
    </div>
  );
}
