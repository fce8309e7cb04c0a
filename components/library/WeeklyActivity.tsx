import type { JSX } from 'react';
import type { WeekActivity } from '@/lib/library/overview';
import { ColumnChart } from './ColumnChart';
import { LibrarySection } from './LibrarySection';
import { countText } from './number-text';
import { weekBars } from './overview-bars';
import { SmallTable } from './SmallTable';
import { weekRows } from './week-rows';

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
