import { type JSX, useId, useState } from 'react';
import { MAX_RETENTION_DAYS } from '@/lib/runtime/contract/settings';
import { retentionOf } from './retention-days';
import './retention-input.css';

/**
 * The library's automatic deletion, in days. A value is taken when the field is left or Enter is pressed,
 * never while typing: "30" passes through "3", and 3 days would delete what 30 keeps.
 */
export function RetentionInput({
  days,
  onCommit,
}: {
  days: number | null;
  onCommit: (days: number | null) => void;
}): JSX.Element {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (days === null ? '' : String(days));
  const read = retentionOf(text);
  const commit = (): void => {
    if (draft === null || !read.ok) return;
    setDraft(null);
    if (read.days !== days) onCommit(read.days);
  };
  return (
    <div className="retention">
      <label htmlFor={id}>Delete conversations automatically after (days)</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_RETENTION_DAYS}
        step={1}
        value={text}
        placeholder="Keep until deleted"
        aria-invalid={!read.ok}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
      />
      <span id={`${id}-hint`} className={`retention__hint${read.ok ? '' : ' retention__hint--invalid'}`}>
        {read.ok
          ? 'Counted from when a conversation was last kept. Empty: keep until you delete it.'
          : read.message}
      </span>
    </div>
  );
}
