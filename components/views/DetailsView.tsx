import type { JSX } from 'react';
import type { LensSnapshot } from '@/lib/runtime/lens-snapshot';

export function DetailsView({ snapshot }: { snapshot: LensSnapshot }): JSX.Element {
  return (
    <section aria-labelledby="view-details-heading" data-conversation={snapshot.conversationId}>
      <h2 id="view-details-heading">Details</h2>
    </section>
  );
}
