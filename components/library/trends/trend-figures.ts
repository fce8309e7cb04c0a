import { ownLabel } from '@/components/library/brands/brand-shares';
import type { WeeklyTrend, WeeklyTrends } from '@/lens/library/weekly-trends';
import type { TrendFigure } from './trend-cursor';

/** The three trends of the Trends tab as their charts name them; a share is null without brands. */
export interface TrendFigures {
  citationShare: TrendFigure | null;
  mentionShare: TrendFigure | null;
  ads: TrendFigure;
}

const OTHER_ADVERTISERS = 'Other advertisers';

function figureOf(
  weeks: readonly string[],
  trend: WeeklyTrend,
  figure: Omit<TrendFigure, 'weeks' | 'lines' | 'totals'>,
  ownName: string,
): TrendFigure {
  return {
    ...figure,
    weeks,
    totals: trend.totals,
    lines: trend.lines.map((line, place) => ({
      key: `line-${place}`,
      label: line.own ? ownLabel(ownName) : line.rest ? OTHER_ADVERTISERS : line.name,
      values: line.values,
      own: line.own,
      muted: line.rest,
    })),
  };
}

/** The weekly trends as the Trends tab shows them; `ownName` names the user's brand as the Brands tab does. */
export function trendFigures(trends: WeeklyTrends, ownName: string): TrendFigures {
  const { weeks } = trends;
  return {
    citationShare:
      trends.citationShare &&
      figureOf(
        weeks,
        trends.citationShare,
        {
          name: 'Citation share by week',
          kind: 'share',
          total: { column: 'Cited pages', one: 'cited page' },
          nothing: 'No cited page',
        },
        ownName,
      ),
    mentionShare:
      trends.mentionShare &&
      figureOf(
        weeks,
        trends.mentionShare,
        {
          name: 'Mention share by week',
          kind: 'share',
          total: { column: 'Mentions', one: 'mention' },
          nothing: 'No mention',
        },
        ownName,
      ),
    ads: figureOf(
      weeks,
      trends.ads,
      { name: 'Ads by week', kind: 'count', total: { column: 'Ads', one: 'ad' }, nothing: 'No ad' },
      ownName,
    ),
  };
}
