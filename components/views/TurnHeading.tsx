import type { JSX } from 'react';
import type { SnapshotBase } from '@/lib/snapshot/snapshot-base';

/** The reader's name of a turn ("Turn 3: Which headphones…"), as the snapshot gives it (turn-labels.ts). */
export const turnLabelOf = (snapshot: Pick<SnapshotBase, 'turnLabels'>, turnIndex: number): string =>
  snapshot.turnLabels[String(turnIndex)] ?? `Turn ${turnIndex + 1}`;

/** The turn's short name ("Turn 3"), for a badge or a list of turns. */
export const turnNameOf = (snapshot: Pick<SnapshotBase, 'turnLabels'>, turnIndex: number): string =>
  turnLabelOf(snapshot, turnIndex).split(': ')[0] ?? `Turn ${turnIndex + 1}`;

/** A turn's heading row in a long list: its name, cut to one line (the whole of it in the tooltip), then a count. */
export function TurnHeading({ label, count }: { label: string; count: string }): JSX.Element {
  return (
    <h3 className="list-turn" title={label}>
      <span className="list-turn__label">{label}</span> <span className="list-turn__count">· {count}</span>
    </h3>
  );
}
