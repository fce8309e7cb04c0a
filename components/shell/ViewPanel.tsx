import type { JSX } from 'react';
import { VIEWS, type ViewId } from '@/components/views/registry';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import { ViewBoundary } from './ViewBoundary';
import { panelId } from './ViewTabs';

/** The view shown, as the tab panel its tab controls; only that view is mounted, and its failure stays in it. */
export function ViewPanel({
  view,
  snapshot,
  onRefreshOffers,
}: {
  view: ViewId;
  snapshot: LensSnapshot;
  onRefreshOffers: () => void;
}): JSX.Element {
  const { View, label } = VIEWS.find((entry) => entry.id === view) ?? VIEWS[0];
  return (
    <div className="panel" role="tabpanel" id={panelId(view)} aria-labelledby={`tab-${view}`}>
      <ViewBoundary key={view} where={`The ${label} view`}>
        <View snapshot={snapshot} onRefreshOffers={onRefreshOffers} />
      </ViewBoundary>
    </div>
  );
}
