import type { ComponentType } from 'react';
import { AdsView } from '@/features/ads/AdsView';
import { DetailsView } from '@/features/details/DetailsView';
import { OffersView } from '@/features/offers/OffersView';
import { QueriesView } from '@/features/queries/QueriesView';
import { SourcesView } from '@/features/sources/SourcesView';
import type { Inspection } from '@/lib/insights/inspection';
import type { LensSnapshot } from '@/lib/runtime/contract/lens-snapshot';

/** What every view is given: the tab's snapshot, and the actions a view may offer. */
export interface ViewProps {
  snapshot: LensSnapshot;
  onRefreshOffers: () => void;
}

export interface ViewEntry {
  id: string;
  label: string;
  View: ComponentType<ViewProps>;
  /** The number the view's tab shows beside its label; undefined or 0 shows none. */
  count(snapshot: LensSnapshot): number | undefined;
  /** The members of the inspection the view shows (tests/unit/inspection-contract.test.ts). */
  shows: readonly (keyof Inspection)[];
}

/**
 * The views of the popup and the side panel, in the order of their tabs; the number keys 1 to 5 jump to
 * them (architecture "Registries"). The tabs, the panel and the keys read this list alone.
 */
export const VIEWS = [
  {
    id: 'queries',
    label: 'Queries',
    View: QueriesView,
    count: (snapshot) => snapshot.queries?.queries.length,
    shows: ['queries', 'turnFacts'],
  },
  {
    id: 'sources',
    label: 'Sources',
    View: SourcesView,
    count: (snapshot) => snapshot.sources.length,
    shows: ['sources', 'citedMessages'],
  },
  {
    id: 'ads',
    label: 'Ads',
    View: AdsView,
    count: (snapshot) => snapshot.ads?.adCount,
    shows: ['ads', 'account'],
  },
  {
    id: 'offers',
    label: 'Offers',
    View: OffersView,
    count: (snapshot) => snapshot.offers.length,
    shows: ['offers', 'products'],
  },
  {
    id: 'details',
    label: 'Details',
    View: DetailsView,
    count: () => undefined,
    shows: ['conversation', 'transport', 'formats'],
  },
] as const satisfies readonly ViewEntry[];

export type ViewId = (typeof VIEWS)[number]['id'];
