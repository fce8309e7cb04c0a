import type { JSX } from 'react';
import type { LensSnapshot } from '@/lib/runtime/lens-snapshot';

export function SourcesView({ snapshot }: { snapshot: LensSnapshot }): JSX.Element {
  return (
    <section aria-labelledby="view-sources-heading" data-conversation={snapshot.conversationId}>
      <h2 id="view-sources-heading">Sources</h2>
    </section>
  );
}
