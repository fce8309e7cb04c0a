import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdsReport, parseAdsResponse } from '@/lib/model/ad-record';
import { AD_TRACKING_CANARY, adsResponse } from '@/tests/replica/fixtures/ads';
import { mutatedJson } from './ad-and-product-fields.mutations';

const TRACKING = new Set(['oppref', 'olref', 'ad_data_token', 'oa_oppref']);

function parsed(body: unknown): AdsReport {
  const result = parseAdsResponse(body);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

interface RawEntry {
  turn_id: string;
  advertiser_brand: { advertiser: string; advertiser_id: string };
  format: string;
  unit_type: string;
  header_label: string;
  ad_cards: Array<{ title: string }>;
  target_hosts: string[];
  targets: unknown[];
}

const rawBody = adsResponse('conv-ads', true) as {
  entries: RawEntry[];
  requested: number;
  delivered: number;
};

function allUrls(report: AdsReport): string[] {
  return report.entries.flatMap((entry) =>
    [
      entry.advertiser.url,
      entry.faviconUrl,
      entry.logoUrl,
      ...entry.cards.map((card) => card.url),
      ...entry.targets.map((target) => target.url),
    ].filter((url): url is string => url !== null),
  );
}

/** Tracking names present anywhere in a text, read independently of the parser (also URL-encoded). */
function trackingNamesIn(text: string): Set<string> {
  const decoded = decodeURIComponent(decodeURIComponent(text));
  const names = new Set<string>();
  for (const match of decoded.matchAll(/[?&#]([a-z_]+)=/gi)) {
    const name = (match[1] ?? '').toLowerCase();
    if (TRACKING.has(name)) names.add(name);
  }
  return names;
}

describe('parseAdsResponse (site-interface 4.3)', () => {
  const report = parsed(rawBody);

  it('reads the response members', () => {
    expect(report.requested).toBe(rawBody.requested);
    expect(report.delivered).toBe(rawBody.delivered);
    expect(report.segmentId).toMatch(/\S/);
    expect(report.optOut).toBe(false);
    expect(report.account).toMatch(/\S/);
    expect(report.country).toMatch(/^[A-Z]{2}$/);
    expect(report.shownAny).toBe(true);
  });

  it('reads each entry in order, naming its turn', () => {
    const entries = report.entries;
    expect(entries.map((entry) => entry.turnId)).toEqual(rawBody.entries.map((entry) => entry.turn_id));
    expect(entries).toHaveLength(rawBody.entries.length);
    entries.forEach((entry, index) => {
      const raw = rawBody.entries[index] as RawEntry;
      expect(entry.turnId).toBe(raw.turn_id);
      expect(entry.advertiser.name).toBe(raw.advertiser_brand.advertiser);
      expect(entry.advertiser.id).toBe(raw.advertiser_brand.advertiser_id);
      expect(entry.format).toBe(raw.format);
      expect(entry.unitType).toBe(raw.unit_type);
      expect(entry.headerLabel).toBe(raw.header_label);
      expect(entry.cards.map((card) => card.title)).toEqual(raw.ad_cards.map((card) => card.title));
      expect(entry.targetHosts).toEqual(raw.target_hosts);
      expect(entry.targets).toHaveLength(raw.targets.length);
      expect(entry.faviconUrl).toMatch(/^https:\/\//);
      expect(entry.logoUrl).toMatch(/^https:\/\//);
    });
    expect(new Set(entries.map((entry) => entry.format))).toEqual(
      new Set(['image_card_v2', 'product_card_v2']),
    );
  });

  it('removes every tracking parameter from every URL and keeps only the names removed', () => {
    for (const url of allUrls(report)) expect(trackingNamesIn(url)).toEqual(new Set());
    const entries = report.entries;
    entries.forEach((entry, index) => {
      const rawUrls =
        JSON.stringify((rawBody.entries[index] as RawEntry).ad_cards) +
        JSON.stringify(rawBody.entries[index]);
      expect(new Set(entry.removedTrackingParams)).toEqual(trackingNamesIn(rawUrls));
    });
    expect(new Set(report.removedTrackingParams)).toEqual(TRACKING);
  });

  it('keeps the harmless parameters (utm_*, id)', () => {
    const urls = allUrls(report).join(' ');
    expect(urls).toContain('utm_source=chatgpt');
    expect(urls).toContain('id=vy40-graphite');
  });

  it('canary: no tracking value appears anywhere in the result', () => {
    expect(JSON.stringify(rawBody)).toContain(AD_TRACKING_CANARY);
    expect(JSON.stringify(parseAdsResponse(rawBody))).not.toContain(AD_TRACKING_CANARY);
  });

  it('says no ads were shown when entries_by_turn_id is empty', () => {
    const empty = parsed(adsResponse('conv-plain', false));
    expect(empty.shownAny).toBe(false);
    expect(empty.entries).toEqual([]);
  });

  it('takes the entries from entries_by_turn_id when the list is missing', () => {
    const { entries: _entries, ...withoutList } = rawBody;
    const fromMap = parsed(withoutList);
    expect(fromMap.entries.map((entry) => entry.turnId).sort()).toEqual(
      report.entries.map((entry) => entry.turnId).sort(),
    );
    expect(JSON.stringify(fromMap)).not.toContain(AD_TRACKING_CANARY);
  });

  it('reads a record whose content sits one level down, and a card titled only by titles', () => {
    const result = parsed({
      entries: [
        {
          turn_id: 't1',
          content: {
            advertiser_brand: { advertiser: 'Shop', advertiser_url: 'https://shop.example/?olref=X' },
            cards: [{ titles: ['First title', 'Second'], url: 'https://shop.example/a' }],
            targets: ['https://shop.example/a?oppref=Y'],
          },
        },
      ],
      entries_by_turn_id: { t1: [] },
    });
    const entry = result.entries[0];
    expect(entry?.advertiser).toEqual({ name: 'Shop', url: 'https://shop.example/', id: null });
    expect(entry?.cards).toEqual([
      { title: 'First title', url: 'https://shop.example/a', body: null, imageUrl: null },
    ]);
    expect(entry?.targets).toEqual([{ url: 'https://shop.example/a' }]);
    expect([...(entry?.removedTrackingParams ?? [])].sort()).toEqual(['olref', 'oppref']);
  });

  it('reads a flat record whose advertiser members sit on the entry (site-interface 4.3 names)', () => {
    const entry = parsed({
      entries: [
        {
          turn_id: 't1',
          advertiser: 'Flat Shop',
          advertiser_url: 'https://flat.example/?oppref=X',
          advertiser_id: 'adv-9',
          unit_type: 'single',
          format: 'product_card_v2',
          favicon_url: 'https://flat.example/favicon.ico',
          logo_url: 'https://flat.example/logo.png',
          target_hosts: ['flat.example'],
          cards: [{ title: 'A lamp', url: 'https://flat.example/lamp?olref=Y' }],
        },
      ],
    }).entries[0];
    expect(entry).toMatchObject({
      turnId: 't1',
      advertiser: { name: 'Flat Shop', url: 'https://flat.example/', id: 'adv-9' },
      unitType: 'single',
      format: 'product_card_v2',
      faviconUrl: 'https://flat.example/favicon.ico',
      logoUrl: 'https://flat.example/logo.png',
      targetHosts: ['flat.example'],
      cards: [{ title: 'A lamp', url: 'https://flat.example/lamp', body: null, imageUrl: null }],
    });
    expect([...(entry?.removedTrackingParams ?? [])].sort()).toEqual(['olref', 'oppref']);
  });

  it('skips an entry that is not an object with a warning and keeps the others', () => {
    const result = parseAdsResponse({ entries: [42, { turn_id: 't', format: 'image_card_v2' }] });
    expect(result.ok && result.value.entries.length).toBe(1);
    expect(result.ok && result.warnings.length).toBe(1);
  });

  it('tolerates unknown members and missing ones', () => {
    const result = parsed({ surprise: { nested: true }, entries_by_turn_id: {} });
    expect(result.requested).toBeNull();
    expect(result.shownAny).toBe(false);
  });

  it('fails with a typed error when the body is not an object', () => {
    for (const body of [null, 'text', [1, 2], 3]) {
      const result = parseAdsResponse(body);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('unexpected-shape');
    }
  });

  it('property: never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        parseAdsResponse(body);
      }),
    );
  });

  it('property: never throws on mutated fixtures and never leaks a tracking value', () => {
    fc.assert(
      fc.property(mutatedJson(rawBody), (body) => {
        const result = parseAdsResponse(body);
        expect(JSON.stringify(result)).not.toContain(AD_TRACKING_CANARY);
      }),
    );
  });
});
