import type { JSX } from 'react';

/** A padlock drawn inline (an emoji lock needs a font the browser may lack); the text beside it says "present". */
export function LockIcon(): JSX.Element {
  return (
    <svg
      className="lock-icon"
      viewBox="0 0 16 16"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M8 1a3.5 3.5 0 0 0-3.5 3.5V6H4a1 1 0 0 0-1 1v7a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V7a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 3.5a2 2 0 1 1 4 0V6H6V4.5Z"
      />
    </svg>
  );
}
