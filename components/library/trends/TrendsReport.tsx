import { type JSX, useMemo } from 'react';
import { LibrarySection } from '@/components/library/shared/LibrarySection';
import type { LibraryAccount, LibraryConversation } from '@/lens/library/library-record';
import { TOP_ADVERTISERS, weeklyTrends } from '@/lens/library/weekly-trends';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { TrendChart } from './TrendChart';
import type { TrendFigure } from './trend-cursor';
import { trendFigures } from './trend-figures';

/** A share's chart, or how to get one: the shares need the brands. */
const ShareTrend = ({ figure }: { figure: TrendFigure | null }): JSX.Element =>
  figure === null ? (
    <p className="library-section__empty">
      Name your brand and your competitors in the <a href="#brands">Brands</a> tab to see their shares week by
      week.
    </p>
  ) : (
    <TrendChart figure={figure} />
  );

/** The three trends of the library for the brands set. */
export function TrendsReport({
  records,
  account,
  brands,
}: {
  records: readonly LibraryConversation[];
  account: LibraryAccount | null;
  brands: BrandSettings;
}): JSX.Element {
  const figures = useMemo(
    () => trendFigures(weeklyTrends(records, brands, account), brands.own.name),
    [records, brands, account],
  );
  if (figures.ads.weeks.length === 0)
    return <p className="library-section__empty">No answer or ad in the library has a date yet.</p>;
  return (
    <>
      <LibrarySection
        title="Citation share by week"
        note="Each brand's part of the pages cited that week, a page once per answer, other domains counted in the whole."
      >
        <ShareTrend figure={figures.citationShare} />
      </LibrarySection>
      <LibrarySection
        title="Mention share by week"
        note="Each brand's part of that week's mentions of any brand, in the answers kept with their text."
      >
        <ShareTrend figure={figures.mentionShare} />
      </LibrarySection>
      <LibrarySection
        title="Ads by week"
        note={`Ads shown each week, by when they were shown, else their turn: the ${TOP_ADVERTISERS} advertisers with the most, then the others together.`}
      >
        <TrendChart figure={figures.ads} />
      </LibrarySection>
    </>
  );
}
