import type { JSX } from 'react';
import { ofText, shareIntervalText } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import { NO_VALUE } from '@/components/library/shared/TableCells';
import { PROMPT_KINDS, type PromptKind } from '@/lib/library/brands';
import { widerThanShare } from '@/lib/library/proportion-interval';
import type { SharePart, ShareRow } from './brand-shares';
import './brand-shares.css';

const KIND_COLUMNS: Record<PromptKind, string> = {
  all: 'All prompts',
  branded: 'Branded prompts',
  unbranded: 'Unbranded prompts',
};

/** Said beside a share whose interval is wider than itself. */
const MORE_CONVERSATIONS = 'Interval wider than the share: more conversations are needed.';

/** A count out of its total, its share with the 95% interval, and whether that says enough. */
function ShareCell({ part }: { part: SharePart }): JSX.Element {
  const { count, total, share, interval } = part;
  return (
    <>
      <span className="share-cell__line">{ofText(count, total)},</span>{' '}
      <span className="share-cell__line">
        {share === null || interval === null ? NO_VALUE : shareIntervalText(share, interval)}
      </span>
      {share !== null && interval !== null && widerThanShare(interval, share) && (
        <>
          {' '}
          <span className="share-cell__note">{MORE_CONVERSATIONS}</span>
        </>
      )}
    </>
  );
}

/** A brand share over every prompt, the branded and the unbranded ones: each out of its total, with its interval. */
export function ShareTable({ rows, caption }: { rows: readonly ShareRow[]; caption: string }): JSX.Element {
  return (
    <SmallTable
      caption={caption}
      columns={['Brand', ...PROMPT_KINDS.map((kind) => KIND_COLUMNS[kind])]}
      rows={rows.map(({ key, label, parts }) => ({
        key,
        cells: [label, ...PROMPT_KINDS.map((kind) => <ShareCell key={kind} part={parts[kind]} />)],
      }))}
    />
  );
}
