import type { JSX } from 'react';
import type { LibraryOverview } from '@/lens/library/overview';
import { CitedDomains } from './CitedDomains';
import { InferredInterests } from './InferredInterests';
import { OverviewFigures } from './OverviewFigures';
import { TopTally } from './TopTally';
import { WeeklyActivity } from './WeeklyActivity';
import './overview-tab.css';

/** The library at a glance, from the summaries alone (lens/library/overview.ts). */
export function OverviewTab({ overview }: { overview: LibraryOverview }): JSX.Element {
  return (
    <div className="overview-tab">
      <OverviewFigures overview={overview} />
      <CitedDomains domains={overview.citedDomains} />
      <div className="overview-tab__tallies">
        <TopTally
          title="Top queries"
          columns={['Query', 'Times run']}
          tallies={overview.topQueries}
          empty="No search query yet."
        />
        <TopTally
          title="Top advertisers"
          columns={['Advertiser', 'Ads']}
          tallies={overview.topAdvertisers}
          empty="No ad yet."
        />
        <TopTally
          title="Top merchants"
          columns={['Merchant', 'Offers']}
          tallies={overview.topMerchants}
          empty="No product offer yet."
        />
      </div>
      <WeeklyActivity weeks={overview.weeks} />
      <InferredInterests interests={overview.interests} />
    </div>
  );
}
