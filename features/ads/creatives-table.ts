import { summaryTable } from '@/lib/library/library-table';
import { listCell, type RowOf } from '@/lib/library/table-column';
import { accountShownAds, type Creative, creativesOf, type ShownAd, shownAdsOf } from './ad-intelligence';
import type { AdsAccount, AdsConversation } from './ad-record';

const COLUMNS = [
  { name: 'advertiser', type: 'string', meaning: "the advertiser's name; null when the ad names none" },
  { name: 'title', type: 'string', meaning: "the first card's title" },
  { name: 'link', type: 'string', meaning: 'where it leads, without tracking parameters' },
  {
    name: 'models',
    type: 'string',
    meaning:
      'the models of the answers it was shown with, distinct, joined with " | "; null when none is known',
  },
  { name: 'times_shown', type: 'integer', meaning: 'the ads of it: its rows of the ads table that count' },
  {
    name: 'first_seen',
    type: 'timestamp',
    meaning:
      "when it was first shown: as the ad history dates it, else its answer's time, else its conversation's start; null when none is dated",
  },
  { name: 'last_seen', type: 'timestamp', meaning: 'when it was last shown, as first_seen' },
] as const;

export const creativeCells = (creative: Creative): RowOf<typeof COLUMNS> => ({
  advertiser: creative.advertiser,
  title: creative.title,
  link: creative.link,
  models: listCell(creative.models),
  times_shown: creative.timesShown,
  first_seen: creative.firstSeen,
  last_seen: creative.lastSeen,
});

/**
 * One row per distinct creative (export-format "The creatives table"): every ad served into a conversation,
 * and each dated one of the account's ad history, grouped by advertiser, title and link, the most shown
 * first. Its rows sum up every conversation, so they come once all were read.
 */
export const CREATIVES_TABLE = summaryTable({
  name: 'creatives',
  grain: 'one row per distinct ad: advertiser, title and link',
  columns: COLUMNS,
  // A creative goes with the month it was last shown in.
  dataset: { version: 1, monthFrom: ['last_seen'] },
  gather: () => {
    const ads: ShownAd[] = [];
    return {
      add: (conversation: AdsConversation) => {
        ads.push(...shownAdsOf(conversation));
      },
      rows: (account: AdsAccount | null) =>
        creativesOf([...ads, ...accountShownAds(account)]).map(creativeCells),
    };
  },
});
