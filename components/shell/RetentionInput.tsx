import type { JSX } from 'react';
import { MAX_RETENTION_DAYS } from '@/lens/runtime/contract/settings';
import { DraftField } from './DraftField';
import { retentionOf } from './retention-days';

/** The library's automatic deletion, in days; empty keeps conversations until the user deletes them. */
export function RetentionInput({
  days,
  onCommit,
}: {
  days: number | null;
  onCommit: (days: number | null) => void;
}): JSX.Element {
  return (
    <DraftField
      label="Delete conversations automatically after (days)"
      value={days}
      textOf={(value) => (value === null ? '' : String(value))}
      read={retentionOf}
      onCommit={onCommit}
      hint="Counted from when a conversation was last kept. Empty: keep until you delete it."
      input={{
        type: 'number',
        inputMode: 'numeric',
        min: 1,
        max: MAX_RETENTION_DAYS,
        step: 1,
        placeholder: 'Keep until deleted',
      }}
    />
  );
}
