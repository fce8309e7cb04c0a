import { adsView } from '@/features/ads/AdsView';
import { detailsView } from '@/features/details/DetailsView';
import { offersView } from '@/features/offers/OffersView';
import { queriesView } from '@/features/queries/QueriesView';
import { sourcesView } from '@/features/sources/SourcesView';
import type { ViewEntry } from './view-entry';

/**
 * The views of the popup and the side panel, one per feature, in the order of their tabs; the number keys 1
 * to 5 jump to them (architecture "Registries"). The tabs, the panel and the keys read this list alone; it
 * is apart from the features' list (features/index.ts) so that the pages load no reader and no writer.
 */
export const VIEWS = [
  queriesView,
  sourcesView,
  adsView,
  offersView,
  detailsView,
] as const satisfies readonly ViewEntry[];

export type ViewId = (typeof VIEWS)[number]['id'];
