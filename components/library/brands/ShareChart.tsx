import type { JSX } from 'react';
import { BarChart } from '@/components/library/shared/BarChart';
import { type ShareRow, shareBars } from './brand-shares';
import { ShareTable } from './ShareTable';
import './brand-shares.css';

/**
 * A brand share as a chart over every prompt, and the table that says it and splits it by kind of prompts
 * (the table is what a screen reader reads). The table is below the chart: its three columns of shares
 * want the width.
 */
export function ShareChart({ rows, caption }: { rows: readonly ShareRow[]; caption: string }): JSX.Element {
  return (
    <div className="share-chart">
      <BarChart bars={shareBars(rows)} />
      <ShareTable rows={rows} caption={caption} />
    </div>
  );
}
