import type { JSX } from 'react';
import { turnNameOf } from '@/components/views/TurnHeading';
import { ViewNote } from '@/components/views/ViewSection';
import type { ViewSnapshot } from '@/features/feature';
import type { queriesFeature } from './feature';

/** What the view reads of the snapshot. */
type Snapshot = ViewSnapshot<typeof queriesFeature>;

/** Turns named one by one before the list is cut short. */
const NAMED_TURNS = 3;

/**
 * Which answers were written with a web search and which without (the analysts' question): from the
 * answer stream's own word where it streamed, else from the search tool's messages of the turn.
 */
export function SearchSummary({ snapshot }: { snapshot: Snapshot }): JSX.Element | null {
  const known = snapshot.turnFacts.filter((fact) => fact.searched !== null);
  const searched = known.filter((fact) => fact.searched).length;
  // With no search at all, the view's empty state says it.
  if (searched === 0) return null;
  const without = known.filter((fact) => fact.searched === false);
  const named = without.slice(0, NAMED_TURNS).map((fact) => turnNameOf(snapshot, fact.turnIndex));
  const more = without.length - named.length;
  return (
    <ViewNote>
      <span data-testid="search-summary">
        Searched the web for {searched} of {known.length} {known.length === 1 ? 'answer' : 'answers'}.
        {without.length > 0 &&
          ` Without a search: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}.`}
      </span>
    </ViewNote>
  );
}
