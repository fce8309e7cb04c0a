import { describe, expect, it } from 'vitest';
import { TABLE_PANELS } from '@/components/library/tables/TableTabs';
import { NO_CHOICE } from '@/components/library/tables/table-choices';
import { BrandsPaidOrganic } from '@/features/ads/PaidNextToOrganic';
import { libraryGrids, NO_FILTER } from '@/lens/library/grids';
import { type BrandSettings, NO_BRANDS } from '@/lib/library/brand-settings';
import { ad } from '@/tests/support/library-records';
import { smallLibrary } from '@/tests/unit/components/library/library-fixtures';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

/**
 * The small library with two more ads beside the skillet answer, which cites lodgecastiron.com and names
 * Lodge and Acme: Lodge's own, and Acme's, whose site the answer does not cite. Pan Shop's is neither.
 */
function libraryWithBrandAds() {
  const [skillets, ...others] = smallLibrary();
  if (skillets === undefined) throw new Error('the small library starts with the skillets');
  const ads = [
    ...skillets.ads,
    ad({ advertiser: 'Lodge', advertiserUrl: 'https://www.lodgecastiron.com/', link: null }),
    ad({ advertiser: 'Acme', advertiserUrl: 'https://acme.example/', link: null }),
  ];
  return [{ ...skillets, ads }, ...others];
}

const BRANDS: BrandSettings = {
  own: { name: 'Lodge', domains: ['lodgecastiron.com'], mentions: [] },
  competitors: [{ name: 'Acme', domains: ['acme.example'], mentions: [] }],
};

const adsTab = (records = libraryWithBrandAds(), filter = NO_FILTER) =>
  visibleText(
    renderView(TABLE_PANELS.ads, {
      tables: libraryGrids(records),
      choice: { ...NO_CHOICE, filter },
      onChoice: () => undefined,
    }),
  );

describe('paid next to organic', () => {
  it('shows on the Ads tab, per advertiser, its ads beside a citation and a naming of it, k of n', () => {
    const text = adsTab();
    expect(text).toContain('Paid next to organic');
    expect(text).toContain(
      'Ads by advertiser, beside an organic citation or naming of it Advertiser Ads Beside a citation of it In answers naming it',
    );
    expect(text).toContain('Acme 1 0 of 1 (0%) 1 of 1 (100%)');
    expect(text).toContain('Lodge 1 1 of 1 (100%) 1 of 1 (100%)');
    expect(text).toContain('Pan Shop 1 0 of 1 (0%) 0 of 1 (0%)');
  });

  it("shows each ad's columns in words, and a dash for one whose answer is unknown", () => {
    const text = adsTab();
    expect(text).toContain('Advertiser cited Advertiser named');
    expect(text).toContain('✓ Cited ✓ Named');
    expect(text).toContain('✗ Not cited ✓ Named');
    const [skillets] = smallLibrary();
    if (skillets === undefined) throw new Error('the small library starts with the skillets');
    const unknownTurn = adsTab([{ ...skillets, ads: [ad({ advertiser: 'Lodge', turnIndex: 9 })] }]);
    expect(unknownTurn).toContain('Lodge 1 — —');
  });

  it('adds up only the ads the filters keep', () => {
    const text = adsTab(libraryWithBrandAds(), { ...NO_FILTER, text: 'pan shop' });
    // The section ends where the tab's figures, which the words do not narrow, begin.
    const section = text.slice(text.indexOf('Paid next to organic'), text.indexOf('Ad rate'));
    expect(section).toContain('Pan Shop 1 0 of 1 (0%) 0 of 1 (0%)');
    expect(section).not.toContain('Lodge 1');
  });

  it('shows on the Brands tab the advertisers that are the brand or a competitor, and nothing without brands', () => {
    const text = visibleText(
      renderView(BrandsPaidOrganic, { records: libraryWithBrandAds(), brands: BRANDS }),
    );
    expect(text).toContain('Paid next to organic');
    expect(text).toContain('Lodge 1 1 of 1 (100%) 1 of 1 (100%)');
    expect(text).toContain('Acme 1 0 of 1 (0%) 1 of 1 (100%)');
    expect(text).not.toContain('Pan Shop');
    expect(visibleText(renderView(BrandsPaidOrganic, { records: smallLibrary(), brands: BRANDS }))).toContain(
      'No ad in the library is from your brand or a competitor.',
    );
    expect(renderView(BrandsPaidOrganic, { records: libraryWithBrandAds(), brands: NO_BRANDS })).toBe('');
  });
});
