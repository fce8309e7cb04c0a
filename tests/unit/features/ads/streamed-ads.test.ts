import { describe, expect, it } from 'vitest';
import { withStreamedAds } from '@/features/ads/streamed-ads';
import { inspect } from '@/lens/insights/inspection';
import { parseAdsResponse } from '@/lib/model/ad-record';
import { normalizeStreamedTurns } from '@/lib/model/streamed-format';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';

const streamed = readStreamedTurn(answerStreamFixture('live'));
const adUnit = (() => {
  const line = answerStreamFixture('live')
    .split('\n')
    .find((text) => text.startsWith('data: {"type": "ads"'));
  return JSON.parse(line?.slice('data: '.length) ?? '{}') as Record<string, unknown>;
})();

describe('withStreamedAds: the ads a stream served, joined to the ads response', () => {
  it('makes the report alone when no ads response was seen, each ad under its prompt, marked streamed', () => {
    const report = withStreamedAds(null, [streamed]);
    expect(report).toMatchObject({ shownAny: true, entries: [{ turnId: 'u-1' }] });
    expect(report?.entries[0]).toMatchObject({
      streamed: true,
      advertiser: { name: 'Summit Trail Co.' },
    });
  });

  it("marks the ads response's own entry when it lists the same ad, and adds it once", () => {
    const listed = parseAdsResponse({ entries_by_turn_id: { 'turn-9': { ads_response: adUnit } } });
    if (!listed.ok) throw new Error(listed.error.message);
    const report = withStreamedAds(listed.value, [streamed]);
    const entries = report?.entries ?? [];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ turnId: 'turn-9', streamed: true });
  });

  it('leaves the report as it is when no stream served an ad', () => {
    const listed = parseAdsResponse({ entries_by_turn_id: {} });
    if (!listed.ok) throw new Error(listed.error.message);
    expect(withStreamedAds(listed.value, [])).toBe(listed.value);
  });

  it('shows the streamed ad with its turn in the inspection, with no tracking value', () => {
    const conversation = normalizeStreamedTurns('c', [streamed]);
    const { ads } = inspect({ conversation, streamedTurns: [streamed] });
    expect(ads?.ads).toEqual([
      expect.objectContaining({ streamed: true, turnIndex: 0, advertiser: 'Summit Trail Co.' }),
    ]);
    expect(JSON.stringify(ads)).not.toContain('canary-');
  });
});
