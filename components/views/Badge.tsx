import type { JSX, ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'accent' | 'cited' | 'warning' | 'danger';

/** A short label whose text says what it means; the colour only repeats it. */
export function Badge({
  tone = 'neutral',
  title,
  children,
}: {
  tone?: BadgeTone;
  title?: string;
  children: ReactNode;
}): JSX.Element {
  return (
    <span className={`view-badge view-badge--${tone}`} title={title}>
      {children}
    </span>
  );
}
