import type { JSX } from 'react';
import { ofText, shareIntervalText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import { NO_VALUE } from '@/components/library/shared/TableCells';
import { PROMPT_KINDS } from '@/lens/library/brands';
import { widerThanShare } from '@/lib/library/proportion-interval';
import { KIND_COLUMNS, type SharePart, type ShareRow } from './brand-shares';
import { WIDE_MARK, WideNote } from './WideNote';
import './brand-shares.css';

/** Whether a part's interval is wider than its share: its cell is marked, and the table says why once. */
const isWide = ({ share, interval }: SharePart): boolean =>
  share !== null && interval !== null && widerThanShare(interval, share);

/** A count out of its total, its share with the 95% interval, marked when that says little. */
function ShareCell({ part }: { part: SharePart }): JSX.Element {
  const { count, total, share, interval } = part;
  return (
    <>
      <span className="share-cell__line">{ofText(count, total)},</span>{' '}
      <span className="share-cell__line">
        {share === null || interval === null ? NO_VALUE : shareIntervalText(share, interval)}
        {isWide(part) && WIDE_MARK}
      </span>
    </>
  );
}

/** A brand share over every prompt, the branded and the unbranded ones: each out of its total, with its interval. */
export function ShareTable({ rows, caption }: { rows: readonly ShareRow[]; caption: string }): JSX.Element {
  const wide = rows.some(({ parts }) => PROMPT_KINDS.some((kind) => isWide(parts[kind])));
  return (
    <div className="share-table">
      <SmallTable
        caption={caption}
        columns={['Brand', ...PROMPT_KINDS.map((kind) => KIND_COLUMNS[kind])]}
        rows={rows.map(({ key, label, parts }) => ({
          key,
          cells: [label, ...PROMPT_KINDS.map((kind) => <ShareCell key={kind} part={parts[kind]} />)],
        }))}
      />
      {wide && (
        <WideNote>
          The interval is wider than the share itself: too few answers for the share to say much.
        </WideNote>
      )}
    </div>
  );
}
