import type { Bar } from '@/components/library/shared/BarChart';
import { countText, shareText } from '@/components/library/shared/number-text';
import type { DomainShare, WeekActivity } from '@/lens/library/overview';
import { OTHER_DOMAINS } from '@/lens/library/overview';

/** How the row of the domains below the top ones reads. */
export const OTHER_DOMAINS_LABEL = 'Other domains';

export const domainLabel = (domain: string): string =>
  domain === OTHER_DOMAINS ? OTHER_DOMAINS_LABEL : domain;

/** The cited domains as bars, each saying its share; the rest muted. */
export const domainBars = (domains: readonly DomainShare[]): Bar[] =>
  domains.map(({ domain, count, share }) => ({
    key: domain,
    label: domainLabel(domain),
    value: count,
    valueText: shareText(share),
    muted: domain === OTHER_DOMAINS,
  }));

/** The weeks as columns: each week's prompted turns. */
export const weekBars = (weeks: readonly WeekActivity[]): Bar[] =>
  weeks.map(({ week, turns }) => ({ key: week, label: week, value: turns, valueText: countText(turns) }));
