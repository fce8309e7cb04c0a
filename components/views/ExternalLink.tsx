import type { JSX, ReactNode } from 'react';

/** A link out of the extension: a new tab that learns nothing of where it came from. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }): JSX.Element {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}
