import type { JSX } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import { countText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import { weekRows } from '@/components/library/shared/week-rows';
import type { WeekActivity } from '@/lens/library/overview';
import { ColumnChart } from './ColumnChart';
import { weekBars } from './overview-bars';

/**
 * Prompts sent week by week (weeks start on Monday, in UTC: lib/library/week.ts), newest first in the table,
 * where a run of empty weeks takes one line.
 */
export function WeeklyActivity({ weeks }: { weeks: readonly WeekActivity[] }): JSX.Element {
  return (
    <LibrarySection title="Activity by week" note="Prompts sent each week, by the Monday it starts on (UTC).">
      {weeks.length === 0 ? (
        <p className="library-section__empty">No prompt in the library has a date.</p>
      ) : (
        <div className="chart-and-table">
          <ColumnChart columns={weekBars(weeks)} />
          <SmallTable
            caption="Turns and conversations by week"
            columns={['Week of', 'Turns', 'Conversations']}
            rows={weekRows(
              weeks.toReversed(),
              ({ turns }) => turns === 0,
              ({ turns, conversations }) => [countText(turns), countText(conversations)],
              'No prompt',
            )}
          />
        </div>
      )}
    </LibrarySection>
  );
}
