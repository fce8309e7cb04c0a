import { defineFeature } from '@/features/feature';
import { KEPT_ADS, keptAdOf } from './ad-record';
import { summarizeAds } from './ads';
import { ADS_GRIDS } from './ads-grid';
import { ADS_TABLE } from './ads-table';
import { CREATIVES_TABLE } from './creatives-table';
import { markdownAds } from './markdown-ads';
import { withStreamedAds } from './streamed-ads';

/** The ads served into the conversation (site-interface 4.3, 10.6), and the account they targeted (4.6). */
export const adsFeature = defineFeature({
  id: 'ads',
  read: ({ conversation, adsReport, streamedTurns, account }) => {
    const report = withStreamedAds(adsReport ?? null, streamedTurns ?? []);
    return {
      // "No ads response seen" (null) and "the service showed no ads" (shownAny false) are different answers.
      ads: report === null ? null : summarizeAds(report, account ?? null, conversation),
      account: account ?? null,
    };
  },
  markdown: markdownAds,
  json: ({ ads, account }) => ({ ads, account }),
  snapshot: (inspection) => ({ ads: inspection?.ads ?? null }),
  library: {
    record: { members: { ads: KEPT_ADS }, fill: ({ ads }) => ({ ads: (ads?.ads ?? []).map(keptAdOf) }) },
    tables: [ADS_TABLE, CREATIVES_TABLE],
    grids: ADS_GRIDS,
  },
});
