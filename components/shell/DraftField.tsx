import { type InputHTMLAttributes, type JSX, useId, useState } from 'react';
import './draft-field.css';

/** What a field's text means: a value to save, or a mistake to point out, never a setting. */
export type DraftReading<Value> = { ok: true; value: Value } | { ok: false; message: string };

interface DraftFieldProps<Value> {
  label: string;
  value: Value;
  /** The saved value as the field shows it. */
  textOf: (value: Value) => string;
  read: (text: string) => DraftReading<Value>;
  onCommit: (value: Value) => void;
  /** Said under the field while its text is right. */
  hint: string;
  /** A text area, committed when left (Enter starts a new line) rather than a one-line field. */
  multiline?: boolean;
  /** The whole width of the panel, for text longer than a number. */
  wide?: boolean;
  input?: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur' | 'onKeyDown'>;
}

/**
 * A setting typed as text. It is taken when the field is left or Enter is pressed, never while typing:
 * "30" passes through "3", and `{ti` on its way to `{title}` is no template. A mistake is said under it.
 */
export function DraftField<Value>(props: DraftFieldProps<Value>): JSX.Element {
  const { label, value, textOf, read, onCommit, hint, multiline = false, wide = false, input } = props;
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? textOf(value);
  const reading = read(text);
  const commit = (): void => {
    if (draft === null || !reading.ok) return;
    setDraft(null);
    if (textOf(reading.value) !== textOf(value)) onCommit(reading.value);
  };
  const shared = {
    id,
    value: text,
    'aria-invalid': !reading.ok,
    'aria-describedby': `${id}-hint`,
    onBlur: commit,
  };
  return (
    <div className={`draft-field${wide ? ' draft-field--wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          {...shared}
          rows={Math.min(10, Math.max(3, text.split('\n').length))}
          spellCheck={false}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
      ) : (
        <input
          {...input}
          {...shared}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
      )}
      <span
        id={`${id}-hint`}
        className={`draft-field__hint${reading.ok ? '' : ' draft-field__hint--invalid'}`}
      >
        {reading.ok ? hint : reading.message}
      </span>
    </div>
  );
}
