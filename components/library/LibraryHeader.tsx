import type { JSX } from 'react';
import { countOf } from '@/components/library/shared/number-text';
import type { LibraryOverview } from '@/lens/library/overview';

/** The page's title, and what the library holds once it holds anything. */
export function LibraryHeader({ overview }: { overview: LibraryOverview | null }): JSX.Element {
  return (
    <header className="header library-header">
      <h1 id="library-title" className="header__brand">
        Chat Lens library
      </h1>
      {overview !== null && overview.conversations > 0 && (
        <p className="header__facts" data-testid="library-counts">
          <span>{countOf(overview.conversations, 'conversation', 'conversations')}</span>
          <span aria-hidden="true">·</span>
          <span>{countOf(overview.turns, 'turn', 'turns')}</span>
          <span aria-hidden="true">·</span>
          <span>{countOf(overview.searches, 'search', 'searches')}</span>
        </p>
      )}
    </header>
  );
}
