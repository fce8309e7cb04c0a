import type { JSX } from 'react';
import { countOf } from '@/components/library/shared/number-text';
import { SmallTable } from '@/components/library/shared/SmallTable';
import { NO_VALUE } from '@/components/library/shared/TableCells';
import {
  type BrandShares,
  type MeanPosition,
  NOT_NAMED,
  PROMPT_KINDS,
  type PromptKind,
} from '@/lens/library/brands';
import { KIND_COLUMNS, ownLabel } from './brand-shares';
import { WIDE_MARK, WideNote } from './WideNote';
import './brand-shares.css';

const POSITION = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

/**
 * A mean position's interval says little once it spans more than two places (one either side): the brand
 * is then only "somewhere among the first few", as a share whose interval is wider than itself says little.
 */
const isWide = ({ interval }: MeanPosition): boolean => interval !== null && interval.high - interval.low > 2;

/** "1.5 (1.1–1.9)", then what it is over; a dash when no answer names the brand. */
function PositionCell({ position }: { position: MeanPosition }): JSX.Element {
  const { answers, mean, interval } = position;
  if (mean === null) return <>{NO_VALUE}</>;
  return (
    <>
      <span className="share-cell__line">
        {POSITION.format(mean)}
        {interval === null ? '' : ` (${POSITION.format(interval.low)}–${POSITION.format(interval.high)})`}
        {isWide(position) && WIDE_MARK}
      </span>
      <span className="share-cell__line">{countOf(answers, 'answer', 'answers')}</span>
    </>
  );
}

/** Each brand's mean position over every prompt, the branded and the unbranded ones. */
export function MeanPositionTable({
  shares,
  ownName,
}: {
  shares: Record<PromptKind, BrandShares>;
  ownName: string;
}): JSX.Element {
  const rows = [
    { key: 'own', label: ownLabel(ownName), of: (kind: PromptKind) => shares[kind].meanPosition.own },
    ...shares.all.meanPosition.competitors.map(({ name }, place) => ({
      key: `competitor-${place}`,
      label: name,
      of: (kind: PromptKind) => shares[kind].meanPosition.competitors[place],
    })),
  ];
  const wide = rows.some(({ of }) => PROMPT_KINDS.some((kind) => isWide(of(kind) ?? NOT_NAMED)));
  return (
    <div className="share-table">
      <SmallTable
        caption="Mean position of each brand in the answers naming it"
        columns={['Brand', ...PROMPT_KINDS.map((kind) => KIND_COLUMNS[kind])]}
        rows={rows.map(({ key, label, of }) => ({
          key,
          cells: [
            label,
            ...PROMPT_KINDS.map((kind) => <PositionCell key={kind} position={of(kind) ?? NOT_NAMED} />),
          ],
        }))}
      />
      {wide && (
        <WideNote>
          The interval spans more than two places: too few answers name the brand to place it.
        </WideNote>
      )}
    </div>
  );
}
