import { describe, expect, it } from 'vitest';
import { markdownAds } from '@/features/ads/markdown-ads';
import { inspect } from '@/lens/insights/inspection';
import { parseAdsResponse } from '@/lib/model/ad-record';
import { AD_TRACKING_CANARY, adsResponse } from '@/tests/replica/fixtures/ads';
import { parsedValue } from '@/tests/unit/export/rich-inspection';
import { conversationOf } from '@/tests/unit/insights/build-conversation';

/** The `## Ads` section of ads in the live site's form (site-interface 10.4). */
function adsSection(body: unknown): string {
  return markdownAds(
    inspect({ conversation: conversationOf([]), adsReport: parsedValue(parseAdsResponse(body)) }),
  );
}

describe('markdownAds, ads in the live site’s form', () => {
  const markdown = adsSection(adsResponse('conv-live', true, 'live'));

  it('shows every advertiser of single and multi-advertiser units, with title, text and clean link', () => {
    expect(markdown).toContain('4 ads from 4 advertisers (5 requested, 4 delivered).');
    expect(markdown).toContain('1. **Nordwind Gear** (`www.nordwind-gear.example`): Voyager 40 L carry-on');
    expect(markdown).toContain('   - Text: Fits every EU airline. Free returns for 60 days.');
    expect(markdown).toContain(
      '   - Link: <https://www.nordwind-gear.example/carry-on/voyager-40?utm_source=chatgpt&utm_medium=paid&id=vy40-graphite>',
    );
    expect(markdown).toContain('unit `multi_advertiser_ad_unit`, 3 cards');
    expect(markdown).toContain(
      '   - Card: [Bose QuietComfort Ultra](<https://shop.soundhaus.example/p/bose-qc-ultra?utm_source=chatgpt&utm_campaign=anc-q4>): Immersive audio, $379.',
    );
    expect(markdown).toMatch(/3\. \*\*Keepwell Cases\*\*/);
    expect(markdown).toMatch(/4\. \*\*Ankerline Audio\*\*/);
  });

  it('names the removed tracking parameters and never shows their values', () => {
    expect(markdown).toMatch(/Tracking parameters removed from the links: .*`ad_data_token`/);
    expect(markdown).not.toContain(AD_TRACKING_CANARY);
    expect(decodeURIComponent(markdown)).not.toContain(AD_TRACKING_CANARY);
    expect(markdown).not.toMatch(/[?&#](oppref|olref|ad_data_token|oa_oppref)=/i);
  });

  it('shows a card without text as before', () => {
    const plain = adsSection(adsResponse('conv-doc', true));
    expect(plain).not.toContain('- Text:');
    expect(plain).toContain('   - Card: [Bose QuietComfort Ultra](<');
    expect(plain).not.toMatch(/- Card: .*\): /);
  });
});
