import { describe, expect, it } from 'vitest';
import { ADS_TABLE } from '@/features/ads/ads-table';
import {
  brandAdvertiserRows,
  NO_ANSWER,
  type PaidOrganicRow,
  paidOrganicByAdvertiser,
  paidOrganicOf,
} from '@/features/ads/paid-organic';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { ad, libraryConversation, page, turn } from '@/tests/support/library-records';

const TRAIL_CO = ad({
  advertiser: 'Trail Co',
  advertiserUrl: 'https://www.trailco.example/',
  link: 'https://go.trailco.example/boots',
});

/** An answer citing a page of the advertiser's shop, a subdomain of its site, and naming it in other case. */
const citingTurn = turn(1, {
  answer: 'For wide feet, TRAIL CO makes the roomiest boot.',
  pages: [
    page('https://shop.trailco.example/wide-boots', { cited: true, citations: 1 }),
    page('https://reviews.example/boots', { cited: true, citations: 2 }),
  ],
});

describe('paidOrganicOf', () => {
  it('finds the advertiser cited on a subdomain of its site and named in any case', () => {
    expect(paidOrganicOf(TRAIL_CO, citingTurn)).toEqual({ cited: true, named: true });
  });

  it('finds it named but not cited when its pages were only retrieved, or are another domain ending alike', () => {
    const namedOnly = turn(1, {
      answer: 'Trail Co and Summit both make wide boots.',
      pages: [
        page('https://www.trailco.example/boots', { cited: false }),
        page('https://nottrailco.example/boots', { cited: true, citations: 1 }),
      ],
    });
    expect(paidOrganicOf(TRAIL_CO, namedOnly)).toEqual({ cited: false, named: true });
  });

  it('finds neither when the answer cites others and names the advertiser only inside a longer word', () => {
    const neither = turn(1, {
      answer: 'Trail Cobalt boots are the widest.',
      pages: [page('https://reviews.example/boots', { cited: true, citations: 1 })],
    });
    expect(paidOrganicOf(TRAIL_CO, neither)).toEqual({ cited: false, named: false });
  });

  it('knows nothing of an ad whose turn is unknown', () => {
    expect(paidOrganicOf(TRAIL_CO, undefined)).toEqual({ cited: null, named: null });
  });

  it('knows the citation but not the naming when the answer was kept without its text', () => {
    expect(paidOrganicOf(TRAIL_CO, { ...citingTurn, answer: null })).toEqual({ cited: true, named: null });
  });

  it("reads the site from the ad's link when it names none, and knows no naming of an unnamed advertiser", () => {
    const linkOnly = ad({ advertiser: null, advertiserUrl: null, link: 'https://trailco.example/boots' });
    expect(paidOrganicOf(linkOnly, citingTurn)).toEqual({ cited: true, named: null });
    const noSite = ad({ advertiser: 'Trail Co', advertiserUrl: null, link: null });
    expect(paidOrganicOf(noSite, citingTurn)).toEqual({ cited: null, named: true });
  });
});

describe("the ads table's paid-next-to-organic columns", () => {
  it('sets each ad beside the answer of its turn, and an ad of the account beside none', () => {
    const conversation = libraryConversation('c1', [citingTurn, { ...citingTurn, index: 2, answer: null }], {
      ads: [
        TRAIL_CO,
        { ...TRAIL_CO, turnIndex: 2 },
        // A turn the record does not keep, and no turn at all.
        { ...TRAIL_CO, turnIndex: 7 },
        { ...TRAIL_CO, turnIndex: null },
      ],
    });
    expect(
      [...ADS_TABLE.rowsOf(conversation)].map((row) => [row.advertiser_cited, row.advertiser_named]),
    ).toEqual([
      [true, true],
      [true, null],
      [null, null],
      [null, null],
    ]);
    const account = { interests: [], profileVersion: null, ads: [TRAIL_CO], savedAt: 0 };
    expect(
      [...(ADS_TABLE.accountRowsOf?.(account) ?? [])].map((row) => [
        row.advertiser_cited,
        row.advertiser_named,
      ]),
    ).toEqual([[NO_ANSWER.cited, NO_ANSWER.named]]);
  });
});

const row = (
  advertiser: string | null,
  cited: boolean | null,
  named: boolean | null,
  site: string | null = null,
): PaidOrganicRow => ({
  advertiser,
  advertiser_url: site,
  link: null,
  advertiser_cited: cited,
  advertiser_named: named,
});

describe('paidOrganicByAdvertiser', () => {
  it("counts each advertiser's ads, and the citations and namings of those whose answer is known", () => {
    expect(
      paidOrganicByAdvertiser([
        row('Pan Shop', false, false),
        row('Trail Co', true, true),
        row('Trail Co', false, null),
        row('Trail Co', null, null),
        row(null, true, null),
      ]),
    ).toEqual([
      // Three ads: cited beside 1 of the 2 whose turn is known, named in the 1 kept with its text.
      { advertiser: 'Trail Co', ads: 3, cited: { count: 1, of: 2 }, named: { count: 1, of: 1 } },
      { advertiser: null, ads: 1, cited: { count: 1, of: 1 }, named: { count: 0, of: 0 } },
      { advertiser: 'Pan Shop', ads: 1, cited: { count: 0, of: 1 }, named: { count: 0, of: 1 } },
    ]);
  });
});

describe('brandAdvertiserRows', () => {
  it("keeps the ads of the user's brand or a competitor, by site (a subdomain too) or by name", () => {
    const brands: BrandSettings = {
      own: { name: 'Lodge', domains: ['lodgecastiron.com'], mentions: ['Lodge Cast Iron'] },
      competitors: [{ name: 'Acme', domains: ['acme.example'], mentions: ['Acme'] }],
    };
    const rows = [
      row('Kitchen outlet', true, null, 'https://shop.lodgecastiron.com/sale'),
      row('ACME deals', false, false, 'https://deals.example'),
      row('Acmeware', false, false, 'https://acmeware.example'),
      row('Pan Shop', false, false, 'https://panshop.example'),
    ];
    expect(brandAdvertiserRows(rows, brands).map((kept) => kept.advertiser)).toEqual([
      'Kitchen outlet',
      'ACME deals',
    ]);
  });
});
