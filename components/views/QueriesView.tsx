import type { JSX } from 'react';
import type { LensSnapshot } from '@/lib/runtime/lens-snapshot';

export function QueriesView({ snapshot }: { snapshot: LensSnapshot }): JSX.Element {
  return (
    <section aria-labelledby="view-queries-heading" data-conversation={snapshot.conversationId}>
      <h2 id="view-queries-heading">Queries</h2>
    </section>
  );
}
