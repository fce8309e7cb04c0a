import type { JSX } from 'react';
import type { ShareRow } from './brand-shares';
import { ShareBars } from './ShareBars';
import { ShareTable } from './ShareTable';
import './brand-shares.css';

/**
 * A brand share as bars over every prompt, each with its interval, and the table that says it and splits it by kind of prompts
 * (the table is what a screen reader reads). The table is below the chart: its three columns of shares
 * want the width.
 */
export function ShareChart({ rows, caption }: { rows: readonly ShareRow[]; caption: string }): JSX.Element {
  return (
    <div className="share-chart">
      <ShareBars rows={rows} />
      <ShareTable rows={rows} caption={caption} />
    </div>
  );
}
