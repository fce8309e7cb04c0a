import type { JSX } from 'react';

/** What marks a figure whose interval is too wide to say much, in its cell. */
export const WIDE_MARK = ' *';

/** Said once under a table with a marked figure: what its wide interval means. */
export function WideNote({ children }: { children: string }): JSX.Element {
  return <p className="share-table__note">* {children} More conversations narrow it.</p>;
}
