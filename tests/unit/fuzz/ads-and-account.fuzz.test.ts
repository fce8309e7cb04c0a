import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { summarizeAds } from '@/features/ads/ads';
import { parseAdAccount } from '@/lib/model/ad-account';
import { parseAdsResponse } from '@/lib/model/ad-record';
import { ACCOUNT_DOCUMENT, ADS_DOCUMENTS } from './fixture-documents';
import { fuzz } from './fuzz-property';
import { damagedCopies, hostileJson } from './hostile-values';
import { expectNoSecret, typedValue } from './outcome-checks';

/**
 * The ads response (site-interface 4.3: the document's records, the live site's `ads_response` units by turn)
 * and the account (4.6) on damaged copies: no exception, a typed error or a tolerated read, and no tracking
 * value or personal member of the account in what is read.
 */
const mutatedAds = damagedCopies(Object.values(ADS_DOCUMENTS));

/** A hostile value where the readers look for records: the body, one entry, one turn's records. */
const hostileAds = hostileJson.chain((value) =>
  fc.constantFrom(
    value,
    { entries: [value] },
    { entries_by_turn_id: { turn: value } },
    { entries_by_turn_id: { turn: [value] } },
  ),
);

const account = typedValue(parseAdAccount(ACCOUNT_DOCUMENT));

describe('the ads and account readers on damaged responses', () => {
  fuzz(
    'ads responses of both forms, mutated, and hostile values where records go',
    fc.oneof(mutatedAds, hostileAds),
    (body) => {
      const report = typedValue(parseAdsResponse(body));
      expectNoSecret(report);
      const overview = summarizeAds(report, account);
      expectNoSecret(overview);
      expect(overview.adCount).toBe(overview.ads.length);
      if (report?.shownAny) {
        expect(overview.adCount).toBe(report.entries.length);
      }
    },
  );

  const personal = ['id', 'email', 'name', 'picture'].map((member) =>
    String((ACCOUNT_DOCUMENT as Record<string, unknown>)[member]),
  );

  fuzz(
    'the account response, mutated: only its segment and country are read',
    damagedCopies([ACCOUNT_DOCUMENT]),
    (body) => {
      const read = typedValue(parseAdAccount(body));
      if (read === null) return;
      expect(Object.keys(read).sort()).toEqual(['country', 'segmentId']);
      expect(personal).not.toContain(read.segmentId);
      expect(personal).not.toContain(read.country);
    },
  );
});
