import type { JSX } from 'react';
import { countText, shareText } from '@/components/library/shared/number-text';
import type { LibraryOverview } from '@/lens/library/overview';

/** A share with its denominator: out of how many anything tells it. */
function shareOfText(part: number, known: number): string {
  if (known === 0) return 'Unknown';
  return `${shareText(part / known)} (${countText(part)} of ${countText(known)})`;
}

/** The library's totals, first thing on the overview. */
export function OverviewFigures({ overview }: { overview: LibraryOverview }): JSX.Element {
  const figures: Array<[label: string, value: string, testId: string]> = [
    ['Conversations', countText(overview.conversations), 'figure-conversations'],
    ['Turns', countText(overview.turns), 'figure-turns'],
    ['Searches', countText(overview.searches), 'figure-searches'],
    [
      'Turns with a search',
      shareOfText(overview.searchedTurns, overview.knownSearchTurns),
      'figure-search-share',
    ],
    // Conversations kept before Chat Lens counted what it could not read say nothing either way.
    ['Read in full', shareOfText(overview.readInFull, overview.healthKnown), 'figure-read-in-full'],
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
