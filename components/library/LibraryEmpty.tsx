import type { JSX, ReactNode } from 'react';
import { ExternalLink } from '@/components/views/ExternalLink';
import { CHAT_ORIGIN } from '@/lib/capture/endpoint';

/** The library is on and holds nothing yet: how it fills. `children`: another way in (an import). */
export function LibraryEmpty({ children }: { children?: ReactNode }): JSX.Element {
  return (
    <section className="face library-face" aria-labelledby="library-empty-title" data-testid="library-empty">
      <h2 id="library-empty-title">The library is empty</h2>
      <p>
        It fills as you read: open a conversation on{' '}
        <ExternalLink href={`${CHAT_ORIGIN}/`}>chatgpt.com</ExternalLink> with Chat Lens installed, and each
        conversation it inspects is kept here. This page shows them as they arrive.
      </p>
      {children}
    </section>
  );
}
