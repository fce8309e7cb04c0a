import type { JSX } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import { countText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import type { Tally } from '@/lens/library/library-summary';

/** A top list of the overview (queries, advertisers, merchants), most first. */
export function TopTally({
  title,
  columns,
  tallies,
  empty,
}: {
  title: string;
  /** The name column's heading, then the count's. */
  columns: readonly [string, string];
  tallies: readonly Tally[];
  empty: string;
}): JSX.Element {
  return (
    <LibrarySection title={title}>
      {tallies.length === 0 ? (
        <p className="library-section__empty">{empty}</p>
      ) : (
        <SmallTable
          caption={`${title}, most first`}
          columns={columns}
          rows={tallies.map(([name, count]) => ({ key: name, cells: [name, countText(count)] }))}
        />
      )}
    </LibrarySection>
  );
}
