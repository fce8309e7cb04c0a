import { type JSX, useEffect, useState } from 'react';
import './copy-button.css';

type CopyState = 'idle' | 'copied' | 'failed';

const SHOWN_FOR_MS = 1500;

/**
 * Copies `text` from the click itself (the clipboard asks for a user gesture) and says so for a moment; a
 * function gives the text at the click, when making it needs what a render should not touch.
 */
export function CopyButton({
  text,
  label,
  children = 'Copy',
}: {
  text: string | (() => string);
  /** What is copied, for screen readers: "Copy query: best skillet". */
  label: string;
  children?: string;
}): JSX.Element {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const shown = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : children;
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={state === 'idle' ? label : shown}
      onClick={() => {
        navigator.clipboard.writeText(typeof text === 'function' ? text() : text).then(
          () => setState('copied'),
          () => setState('failed'),
        );
      }}
    >
      {shown}
    </button>
  );
}
