import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdEntry, type AdsReport, parseAdsResponse } from '@/lib/model/ad-record';
import type { JsonRecord } from '@/lib/model/json-read';
import { AD_TRACKING_CANARY, adsResponse } from '@/tests/replica/fixtures/ads';
import { mutatedJson } from './ad-and-product-fields.mutations';

/**
 * The ads response in the live site's form (site-interface 10.4): `entries_by_turn_id` maps a turn to
 * `{ads_response: {type, visibility, content}}`, the content a single- or a multi-advertiser unit.
 */
const TRACKING_PAIR = /[?&#;](oppref|olref|ad_data_token|oa_oppref)=/i;
const PLANTED = 'planted-ad-data-token-value';

function parsed(body: unknown): AdsReport {
  const result = parseAdsResponse(body);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const entriesOf = (report: AdsReport): AdEntry[] => report.entries;

/** One turn's live record around `content`. */
function liveBody(content: unknown, turnId = 'turn-1'): JsonRecord {
  return {
    entries_by_turn_id: {
      [turnId]: { ads_response: { type: 'ads', visibility: { status: 'visible' }, content } },
    },
  };
}

function onlyEntry(body: unknown): AdEntry {
  const entries = entriesOf(parsed(body));
  expect(entries).toHaveLength(1);
  return entries[0] as AdEntry;
}

const singleUnit = {
  type: 'single_advertiser_ad_unit',
  ads_request_id: '069e89b3-c038-7764-8000-6e5a193e5f69',
  ads_spam_integrity_payload: `gAAAA-${PLANTED}`,
  advertiser_brand: {
    name: 'Grubhub',
    url: 'www.grubhub.example',
    favicon_url: 'https://bzrcdn.example/cabf.png',
    id: 'adacct_6984ed0ba55481a29894bb192f7773b4',
  },
  carousel_cards: [
    {
      title: 'Get Chinese Food Delivered',
      body: 'Satisfy your cravings.',
      image_url: 'https://bzrcdn.example/card.png',
      target: {
        type: 'url',
        value: `https://www.grubhub.example/?utm_source=chatgpt&oppref=${PLANTED}&olref=${PLANTED}`,
        open_externally: false,
      },
      ad_data_token: PLANTED,
    },
  ],
};

describe('parseAdsResponse, the live site’s form', () => {
  it('names ad_data_token wherever it sits: in the brand, a card’s target, deeper in a card, never its value', () => {
    const places: unknown[] = [
      { ...singleUnit, carousel_cards: [], advertiser_brand: { name: 'A', ad_data_token: PLANTED } },
      {
        ...singleUnit,
        carousel_cards: [
          { title: 'T', target: { type: 'url', value: 'https://a.example/', ad_data_token: PLANTED } },
        ],
      },
      {
        ...singleUnit,
        carousel_cards: [{ title: 'T', tracking: { impressions: [{ ad_data_token: PLANTED }] } }],
      },
    ];
    for (const content of places) {
      const entry = onlyEntry(liveBody(content));
      expect(entry.removedTrackingParams).toEqual(['ad_data_token']);
      expect(JSON.stringify(entry)).not.toContain(PLANTED);
    }
  });

  it('names ad_data_token for the ad of a multi-advertiser unit that holds it, not for its neighbours', () => {
    const entries = entriesOf(
      parsed(
        liveBody({
          type: 'multi_advertiser_ad_unit',
          ads: [
            {
              advertiser_brand: { name: 'With' },
              carousel_cards: [{ title: 'T', target: { ad_data_token: PLANTED } }],
            },
            { advertiser_brand: { name: 'Without' }, carousel_cards: [{ title: 'U' }] },
          ],
        }),
      ),
    );
    expect(entries.map((entry) => [entry.advertiser.name, entry.removedTrackingParams])).toEqual([
      ['With', ['ad_data_token']],
      ['Without', []],
    ]);
  });

  it('names ad_data_token for every ad of a multi-advertiser unit that holds it outside its ads, never its value', () => {
    const report = parsed(
      liveBody({
        type: 'multi_advertiser_ad_unit',
        ad_data_token: PLANTED,
        ads: [{ advertiser_brand: { name: 'A' } }, { advertiser_brand: { name: 'B' } }],
      }),
    );
    expect(entriesOf(report).map((entry) => [entry.advertiser.name, entry.removedTrackingParams])).toEqual([
      ['A', ['ad_data_token']],
      ['B', ['ad_data_token']],
    ]);
    expect(JSON.stringify(report)).not.toContain(PLANTED);
  });

  it('reads a single-advertiser unit: brand, cards with text, image and their target as link', () => {
    const entry = onlyEntry(liveBody(singleUnit));
    expect(entry.turnId).toBe('turn-1');
    expect(entry.advertiser).toEqual({
      name: 'Grubhub',
      url: 'www.grubhub.example',
      id: 'adacct_6984ed0ba55481a29894bb192f7773b4',
    });
    expect(entry.faviconUrl).toBe('https://bzrcdn.example/cabf.png');
    expect(entry.unitType).toBe('single_advertiser_ad_unit');
    expect(entry.cards).toEqual([
      {
        title: 'Get Chinese Food Delivered',
        url: 'https://www.grubhub.example/?utm_source=chatgpt',
        body: 'Satisfy your cravings.',
        imageUrl: 'https://bzrcdn.example/card.png',
      },
    ]);
    expect(entry.removedTrackingParams).toEqual(['oppref', 'olref', 'ad_data_token']);
  });

  it('gives one entry per ad of a multi-advertiser unit, all under the same turn, in order', () => {
    const second = {
      advertiser_brand: { name: 'Aritzia', url: 'www.aritzia.example', id: 'adacct_2' },
      carousel_cards: [
        { title: 'Spring edit', target: { type: 'url', value: 'https://www.aritzia.example/new' } },
        { title: 'Dresses', target: { type: 'url', value: 'https://www.aritzia.example/dresses' } },
      ],
    };
    const result = parseAdsResponse(
      liveBody({ type: 'multi_advertiser_ad_unit', ads: [singleUnit, 'not an ad', second] }, 'turn-9'),
    );
    if (!result.ok) throw new Error(result.error.message);
    expect(result.warnings).toEqual(['Ad 2 of a multi-advertiser unit is not an object and was skipped.']);
    const report = result.value;
    const entries = entriesOf(report);
    expect(entries.map((entry) => [entry.turnId, entry.advertiser.name, entry.cards.length])).toEqual([
      ['turn-9', 'Grubhub', 1],
      ['turn-9', 'Aritzia', 2],
    ]);
    // An ad without a type of its own is known by the unit holding it.
    expect(entries[1]?.unitType).toBe('multi_advertiser_ad_unit');
    expect(entries[1]?.cards.map((card) => card.url)).toEqual([
      'https://www.aritzia.example/new',
      'https://www.aritzia.example/dresses',
    ]);
  });

  it('reads the replica’s live form: advertisers, cards and clean links of every turn', () => {
    const report = parsed(adsResponse('conv-live', true, 'live'));
    expect(report.shownAny).toBe(true);
    expect(report.delivered).toBe(4);
    expect(report.entries.map((entry) => entry.advertiser.name)).toEqual([
      'Nordwind Gear',
      'Soundhaus',
      'Keepwell Cases',
      'Ankerline Audio',
    ]);
    expect(new Set(report.entries.map((entry) => entry.turnId)).size).toBe(3);
    for (const entry of entriesOf(report)) {
      expect(entry.advertiser.id).toMatch(/^adacct_/);
      expect(entry.cards.length).toBeGreaterThan(0);
      for (const card of entry.cards) {
        expect(card.title).toMatch(/\S/);
        expect(card.body).toMatch(/\S/);
        expect(card.url).toMatch(/^https:\/\//);
        expect(decodeURIComponent(card.url ?? '')).not.toMatch(TRACKING_PAIR);
      }
    }
    expect(new Set(report.removedTrackingParams)).toEqual(
      new Set(['oppref', 'olref', 'ad_data_token', 'oa_oppref']),
    );
  });

  it('reads a live record listed in entries with its turn_id', () => {
    const entry = onlyEntry({
      entries: [{ turn_id: 'turn-3', ads_response: { type: 'ads', content: singleUnit } }],
      entries_by_turn_id: { 'turn-3': {} },
    });
    expect([entry.turnId, entry.advertiser.name, entry.cards[0]?.title]).toEqual([
      'turn-3',
      'Grubhub',
      'Get Chinese Food Delivered',
    ]);
  });

  it('finds the unit however deep it sits, up to six members below the record, and no deeper', () => {
    const brand = { name: 'Deep Shop', url: 'https://deep.example/', id: 'adacct_deep' };
    // advertiser_brand as the sixth key below the record: a.b.c.d.e.advertiser_brand
    const atSix = { a: { b: { c: { d: { e: { advertiser_brand: brand } } } } } };
    const atSeven = { a: { b: { c: { d: { e: { f: { advertiser_brand: brand } } } } } } };
    expect(onlyEntry({ entries_by_turn_id: { t: atSix } }).advertiser.name).toBe('Deep Shop');
    expect(onlyEntry({ entries_by_turn_id: { t: atSeven } }).advertiser).toEqual({
      name: null,
      url: null,
      id: null,
    });
  });

  it('never takes another part’s name, url, id or type for the brand’s or the unit’s', () => {
    const entry = onlyEntry(
      liveBody({
        id: 'content-id',
        name: 'Not the advertiser',
        url: 'https://not-the-advertiser.example/',
        advertiser_brand: { logo: { url: 'https://logo.example/', id: 'logo-id' } },
        carousel_cards: [
          {
            title: 'Card',
            url: 'https://card.example/',
            target: { type: 'url', value: 'https://t.example/' },
          },
        ],
      }),
    );
    expect(entry.advertiser).toEqual({ name: null, url: null, id: null });
    // The wrapper's type ("ads") and a target's type ("url") are no unit type.
    expect(entry.unitType).toBeNull();
    expect(entry.cards[0]?.url).toBe('https://card.example/');
  });

  it('keeps the document’s member names when they sit in the live wrapper', () => {
    const entry = onlyEntry(
      liveBody({
        format: 'image_card_v2',
        unit_type: 'single',
        header_label: 'Sponsored',
        target_hosts: ['shop.example'],
        advertiser_brand: {
          advertiser: 'Shop',
          advertiser_url: 'https://shop.example/?olref=x',
          advertiser_id: 'adv_1',
          logo_url: 'https://shop.example/logo.png',
        },
        ad_cards: [{ titles: ['First', 'Second'], url: 'https://shop.example/a' }],
        targets: [{ value: 'https://shop.example/a?oppref=y' }],
      }),
    );
    expect(entry).toMatchObject({
      advertiser: { name: 'Shop', url: 'https://shop.example/', id: 'adv_1' },
      format: 'image_card_v2',
      unitType: 'single',
      headerLabel: 'Sponsored',
      targetHosts: ['shop.example'],
      logoUrl: 'https://shop.example/logo.png',
      cards: [{ title: 'First', url: 'https://shop.example/a', body: null, imageUrl: null }],
      targets: [{ url: 'https://shop.example/a' }],
    });
  });

  it('reads missing members as absent', () => {
    for (const content of [null, {}, { type: 'single_advertiser_ad_unit' }]) {
      const entry = onlyEntry(liveBody(content));
      expect(entry.advertiser).toEqual({ name: null, url: null, id: null });
      expect(entry.cards).toEqual([]);
      expect(entry.removedTrackingParams).toEqual([]);
    }
    const bare = onlyEntry(liveBody({ carousel_cards: [{}] }));
    expect(bare.cards).toEqual([{ title: null, url: null, body: null, imageUrl: null }]);
  });

  it('reads members of the wrong type as absent', () => {
    const entry = onlyEntry(
      liveBody({
        type: 7,
        advertiser_brand: { name: 12, url: ['x'], id: { nested: true }, favicon_url: false },
        carousel_cards: [
          'not a card',
          { title: 3, body: {}, image_url: 9, target: { type: 'url', value: 42 } },
          { title: 'Kept', target: 'https://shop.example/t?oa_oppref=z' },
        ],
      }),
    );
    expect(entry.advertiser).toEqual({ name: null, url: null, id: null });
    expect(entry.faviconUrl).toBeNull();
    expect(entry.unitType).toBeNull();
    expect(entry.cards).toEqual([
      { title: null, url: null, body: null, imageUrl: null },
      { title: 'Kept', url: 'https://shop.example/t', body: null, imageUrl: null },
    ]);
    expect(onlyEntry(liveBody({ carousel_cards: 'cards' })).cards).toEqual([]);
  });

  it('keeps only the name of an ad_data_token member, never its value', () => {
    const entry = onlyEntry(
      liveBody({
        ad_data_token: PLANTED,
        carousel_cards: [{ title: 'Clean link', target: { value: 'https://shop.example/p' } }],
      }),
    );
    expect(entry.cards[0]?.url).toBe('https://shop.example/p');
    expect(entry.removedTrackingParams).toEqual(['ad_data_token']);
    expect(JSON.stringify(entry)).not.toContain(PLANTED);
  });

  it('canary: no planted token member, integrity payload or tracking parameter value reaches the result', () => {
    const body = adsResponse('conv-live', true, 'live');
    const raw = JSON.stringify(body);
    expect(raw).toContain(`"ad_data_token":"${AD_TRACKING_CANARY}`);
    expect(raw).toContain(`"ads_spam_integrity_payload":"${AD_TRACKING_CANARY}`);
    expect(raw).toMatch(new RegExp(`oppref=${AD_TRACKING_CANARY}`));
    const result = JSON.stringify(parseAdsResponse(body));
    expect(result).not.toContain(AD_TRACKING_CANARY);
    expect(decodeURIComponent(result)).not.toContain(AD_TRACKING_CANARY);
    expect(JSON.stringify(parseAdsResponse(liveBody(singleUnit)))).not.toContain(PLANTED);
  });

  it('property: never throws on arbitrary JSON in the live wrapper', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (content, card) => {
        parseAdsResponse(liveBody(content));
        parseAdsResponse(
          liveBody({ type: 'multi_advertiser_ad_unit', ads: [content, { carousel_cards: [card] }] }),
        );
      }),
    );
  });

  it('property: never throws on mutated live fixtures and never leaks a tracking value', () => {
    fc.assert(
      fc.property(mutatedJson(adsResponse('conv-live', true, 'live')), (body) => {
        const result = parseAdsResponse(body);
        expect(JSON.stringify(result)).not.toContain(AD_TRACKING_CANARY);
      }),
    );
  });
});
