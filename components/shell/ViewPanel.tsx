import type { JSX } from 'react';
import { AdsView } from '@/components/views/AdsView';
import { DetailsView } from '@/components/views/DetailsView';
import { OffersView } from '@/components/views/OffersView';
import { QueriesView } from '@/components/views/QueriesView';
import { SourcesView } from '@/components/views/SourcesView';
import type { LensSnapshot } from '@/lib/runtime/contract/lens-snapshot';
import { panelId } from './SectionTabs';
import type { SectionId } from './sections';

function ViewOf({
  section,
  snapshot,
  onRefreshOffers,
}: {
  section: SectionId;
  snapshot: LensSnapshot;
  onRefreshOffers: () => void;
}): JSX.Element {
  switch (section) {
    case 'queries':
      return <QueriesView snapshot={snapshot} />;
    case 'sources':
      return <SourcesView snapshot={snapshot} />;
    case 'ads':
      return <AdsView snapshot={snapshot} />;
    case 'offers':
      return <OffersView snapshot={snapshot} onRefreshOffers={onRefreshOffers} />;
    case 'details':
      return <DetailsView snapshot={snapshot} />;
  }
}

/** The selected view, as the tab panel its tab controls; only that view is mounted. */
export function SectionPanel(props: {
  section: SectionId;
  snapshot: LensSnapshot;
  onRefreshOffers: () => void;
}): JSX.Element {
  return (
    <div
      className="panel"
      role="tabpanel"
      id={panelId(props.section)}
      aria-labelledby={`tab-${props.section}`}
    >
      <ViewOf {...props} />
    </div>
  );
}
