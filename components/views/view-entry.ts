import type { ComponentType } from 'react';
import type { FeatureId } from '@/features/index';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';

/** What every view is given: the tab's snapshot, and the actions a view may offer. */
export interface ViewProps {
  snapshot: LensSnapshot;
  onRefreshOffers: () => void;
}

/** A feature's view in the popup's and side panel's tabs (components/views/registry.ts). */
export interface ViewEntry {
  id: FeatureId;
  label: string;
  View: ComponentType<ViewProps>;
  /** The number the view's tab shows beside its label; undefined or 0 shows none. */
  count(snapshot: LensSnapshot): number | undefined;
}
