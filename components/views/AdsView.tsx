import type { JSX } from 'react';
import type { LensSnapshot } from '@/lib/runtime/lens-snapshot';

export function AdsView({ snapshot }: { snapshot: LensSnapshot }): JSX.Element {
  return (
    <section aria-labelledby="view-ads-heading" data-conversation={snapshot.conversationId}>
      <h2 id="view-ads-heading">Ads</h2>
    </section>
  );
}
