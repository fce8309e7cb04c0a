import type { JSX } from 'react';
import type { LibraryOverview } from '@/lib/library/overview';
import { countText, shareText } from './number-text';

/** The share of answers that searched the web, and out of how many turns anything tells it. */
function searchShareText({ searchShare, searchedTurns, knownSearchTurns }: LibraryOverview): string {
  if (searchShare === null) return 'Unknown';
  return `${shareText(searchShare)} (${countText(searchedTurns)} of ${countText(knownSearchTurns)})`;
}

/** The library's totals, first thing on the overview. */
export function OverviewFigures({ overview }: { overview: LibraryOverview }): JSX.Element {
  const figures: Array<[label: string, value: string, testId: string]> = [
    ['Conversations', countText(overview.conversations), 'figure-conversations'],
    ['Turns', countText(overview.turns), 'figure-turns'],
    ['Searches', countText(overview.searches), 'figure-searches'],
    ['Turns with a search', searchShareText(overview), 'figure-search-share'],
  ];
  return (
    <dl className="overview-figures">
      {figures.map(([label, value, testId]) => (
        <div key={label} className="overview-figures__figure">
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
