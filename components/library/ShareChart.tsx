import type { JSX } from 'react';
import { BarChart } from './BarChart';
import { type ShareRow, shareBars } from './brand-shares';
import { countText, shareText } from './number-text';
import { SmallTable } from './SmallTable';
import { NO_VALUE } from './TableCells';

/** A brand share as a chart and the table that says it (the table is what a screen reader reads). */
export function ShareChart({
  rows,
  caption,
  countLabel,
}: {
  rows: readonly ShareRow[];
  caption: string;
  countLabel: string;
}): JSX.Element {
  return (
    <div className="chart-and-table">
      <BarChart bars={shareBars(rows)} />
      <SmallTable
        caption={caption}
        columns={['Brand', countLabel, 'Share']}
        rows={rows.map(({ key, label, count, share }) => ({
          key,
          cells: [label, countText(count), share === null ? NO_VALUE : shareText(share)],
        }))}
      />
    </div>
  );
}
