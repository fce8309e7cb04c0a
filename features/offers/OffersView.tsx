import { type JSX, useMemo } from 'react';
import { withUniqueKeys } from '@/components/views/unique-keys';
import { EmptyState, ViewSection } from '@/components/views/ViewSection';
import type { ViewEntry } from '@/components/views/view-entry';
import type { ViewSnapshot } from '@/features/feature';
import { groupBy } from '@/lib/export/group-by';
import type { offersFeature } from './feature';
import { OfferItem } from './OfferItem';
import { OffersRefresh } from './OffersRefresh';
import type { OfferRow } from './offers';
import { TokenMembers } from './TokenMembers';
import './offers-view.css';

/** What the view reads of the snapshot. */
type Snapshot = ViewSnapshot<typeof offersFeature>;

interface ProductOffers {
  key: string;
  first: OfferRow;
  offers: OfferRow[];
}

/**
 * One group per product, in order of first appearance: a product the answer named and a refresh returned
 * again holds both its offers as answered and as refreshed (offersTable lists those apart).
 */
function byProduct(rows: readonly OfferRow[]): ProductOffers[] {
  const groups = groupBy(rows, (row) => `${row.productId}|${row.productTitle}`);
  return [...groups].flatMap(([key, offers]) => {
    const [first] = offers;
    return first === undefined ? [] : [{ key, first, offers }];
  });
}

/**
 * The offers behind the conversation's shopping cards (site-interface 2.5 and site-interface 4.4), by
 * product.
 */
export function OffersView({
  snapshot,
  onRefreshOffers,
}: {
  snapshot: Snapshot;
  onRefreshOffers: () => void;
}): JSX.Element {
  const products = useMemo(() => byProduct(snapshot.offers), [snapshot.offers]);
  return (
    <ViewSection id="offers" title="Offers">
      <OffersRefresh state={snapshot.offersRefresh} onRefreshOffers={onRefreshOffers} />
      {products.length === 0 ? (
        <EmptyState>No product offers in this conversation.</EmptyState>
      ) : (
        <ul className="view__stack" aria-label="Products">
          {withUniqueKeys(products, (product) => product.key).map(([key, { first, offers }]) => (
            <li key={key} className="offers-product">
              <h3 className="offers-product__title">
                {first.productTitle ?? 'Unnamed product'}
                {first.brand !== null && <span className="offers-product__brand"> · {first.brand}</span>}
              </h3>
              <TokenMembers flags={first.tokenMembers} />
              <ul className="view__stack" aria-label={`Offers for ${first.productTitle ?? 'the product'}`}>
                {withUniqueKeys(offers, (offer) => `${offer.merchant}|${offer.url}`).map(
                  ([offerKey, offer]) => (
                    <OfferItem key={offerKey} offer={offer} />
                  ),
                )}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </ViewSection>
  );
}

export const offersView = {
  id: 'offers',
  label: 'Offers',
  View: OffersView,
  count: (snapshot) => snapshot.offers.length,
} as const satisfies ViewEntry;
