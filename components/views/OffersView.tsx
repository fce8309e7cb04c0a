import type { JSX } from 'react';
import type { LensSnapshot } from '@/lib/runtime/lens-snapshot';

export function OffersView({
  snapshot,
  onRefreshOffers,
}: {
  snapshot: LensSnapshot;
  onRefreshOffers: () => void;
}): JSX.Element {
  return (
    <section aria-labelledby="view-offers-heading" data-conversation={snapshot.conversationId}>
      <h2 id="view-offers-heading">Offers</h2>
      <button type="button" onClick={onRefreshOffers}>
        Refresh offers
      </button>
    </section>
  );
}
