import { describe, expect, it } from 'vitest';
import { AdsView } from '@/features/ads/AdsView';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import { renderView, snapshotOf, visibleText } from '@/tests/unit/components/views/lens-snapshots';

describe('AdsView', () => {
  for (const wire of ['document', 'live'] as const) {
    it(`shows each ad of the ${wire} form with clean links and the tracking it lost, never a tracking value`, () => {
      const snapshot = snapshotOf('ads', { ads: { shown: true, wire } });
      const html = renderView(AdsView, { snapshot });
      const text = visibleText(html);
      const first = snapshot.ads?.ads[0];
      expect(first?.advertiser).toBeTruthy();
      expect(text).toContain(first?.advertiser);
      expect(text).toMatch(/Tracking removed: [a-z_]+(, [a-z_]+)*/);
      expect(text).toContain('oppref');
      expect(text).toContain('Country US');
      expect(text).toContain('Account segment seg_personal_us');
      expect(html).not.toContain(AD_TRACKING_CANARY);
      expect(html).not.toMatch(/[?&](oppref|olref|ad_data_token|oa_oppref)=/);
      expect(html).not.toContain('<img');
    });
  }

  it('says when the service showed no ads, and when no ads response was seen', () => {
    const none = visibleText(
      renderView(AdsView, { snapshot: snapshotOf('ads', { ads: { shown: false, wire: 'live' } }) }),
    );
    expect(none).toContain('No ads for this conversation.');
    expect(none).toContain('The service answered that it has none.');
    const unseen = visibleText(renderView(AdsView, { snapshot: snapshotOf('ads', { ads: null }) }));
    expect(unseen).toContain('No ads for this conversation.');
    expect(unseen).toContain('No ads response was seen');
  });

  it('says quietly that there are none when the ads endpoint had none for the conversation (404 or 403)', () => {
    const snapshot = snapshotOf('ads', { ads: 'none' });
    expect(snapshot.errors).toEqual([]);
    const text = visibleText(renderView(AdsView, { snapshot }));
    expect(text).toContain('No ads for this conversation.');
    expect(text).toContain('The service answered that it has none.');
    expect(text).not.toMatch(/404|403|not found|error|again/i);
    // Nor the account (its /me had none): of no ad and no fact, nothing is said of whom they were for.
    const ads = snapshot.ads === null ? null : { ...snapshot.ads, accountSegmentId: null, country: null };
    const bare = visibleText(renderView(AdsView, { snapshot: { ...snapshot, ads } }));
    expect(bare).toBe('Ads No ads for this conversation. The service answered that it has none.');
  });
});
