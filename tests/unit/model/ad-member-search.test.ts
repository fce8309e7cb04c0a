import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readText } from '@/lib/model/ad-and-product-fields';
import {
  AD_MEMBER_MAX_DEPTH,
  findAdMember,
  holdsMemberAnywhere,
  readOwnMember,
} from '@/lib/model/ad-member-search';
import type { JsonRecord } from '@/lib/model/json-read';

/** `member` placed `depth` keys below the record: depth 1 is a member of the record itself. */
function nested(depth: number, member: JsonRecord): JsonRecord {
  let record = member;
  for (let level = 1; level < depth; level += 1) record = { [`level${level}`]: record };
  return record;
}

describe('findAdMember (site-interface 4.3 and site-interface 10.4)', () => {
  it('finds a member on the record and in records below it, up to the depth limit', () => {
    expect(AD_MEMBER_MAX_DEPTH).toBe(6);
    expect(findAdMember([{ format: 'image_card_v2' }], ['format'], readText)).toBe('image_card_v2');
    expect(findAdMember([nested(6, { format: 'deep' })], ['format'], readText)).toBe('deep');
    expect(findAdMember([nested(7, { format: 'too deep' })], ['format'], readText)).toBeNull();
  });

  it('takes the member nearest to the record', () => {
    const record = { content: { inner: { format: 'far' } }, other: { format: 'near' } };
    expect(findAdMember([record], ['format'], readText)).toBe('near');
  });

  it('reads a value of the wrong type as absent and looks further', () => {
    const record = { format: 42, content: { format: 'product_card_v2' } };
    expect(findAdMember([record], ['format'], readText)).toBe('product_card_v2');
  });

  it('never enters a list, the brand, a card list, a target or the ads of a multi unit', () => {
    for (const part of ['advertiser_brand', 'advertiser', 'carousel_cards', 'ad_cards', 'target', 'ads']) {
      expect(
        findAdMember([{ [part]: { header_label: 'not the unit’s' } }], ['header_label'], readText),
      ).toBeNull();
    }
    expect(findAdMember([{ list: [{ header_label: 'a card’s' }] }], ['header_label'], readText)).toBeNull();
  });

  it('still finds a part by its own name', () => {
    const brand = { name: 'Shop' };
    expect(
      findAdMember([{ content: { advertiser_brand: brand } }], ['advertiser_brand'], (v) => v ?? null),
    ).toBe(brand);
  });

  it('searches the scopes in order', () => {
    expect(findAdMember([{}, { format: 'second' }], ['format'], readText)).toBe('second');
    expect(findAdMember([{ format: 'first' }, { format: 'second' }], ['format'], readText)).toBe('first');
  });

  it('ignores members inherited from the prototype', () => {
    expect(findAdMember([{}], ['constructor', 'toString'], (value) => value ?? null)).toBeNull();
  });

  it('property: never throws on arbitrary JSON records', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        findAdMember([record], ['format', 'url', '__proto__'], readText);
      }),
    );
  });
});

describe('readOwnMember', () => {
  it('reads only the record’s own members, the first name that reads wins', () => {
    expect(readOwnMember({ name: 3, advertiser: 'Shop' }, ['name', 'advertiser'], readText)).toBe('Shop');
    expect(readOwnMember({ logo: { url: 'https://x.example/' } }, ['url'], readText)).toBeNull();
  });
});

describe('holdsMemberAnywhere (a tracking token is one wherever it sits)', () => {
  const TOKEN = { ad_data_token: 'value' };
  const NOTHING: ReadonlySet<string> = new Set();
  /** Twice findAdMember's limit, lists counted as levels. */
  const limit = AD_MEMBER_MAX_DEPTH * 2;

  it('finds a member with content at depth, in lists and in every part of the ad', () => {
    expect(holdsMemberAnywhere(TOKEN, 'ad_data_token', NOTHING)).toBe(true);
    expect(holdsMemberAnywhere(nested(limit, TOKEN), 'ad_data_token', NOTHING)).toBe(true);
    expect(holdsMemberAnywhere({ carousel_cards: [{ target: TOKEN }] }, 'ad_data_token', NOTHING)).toBe(true);
    expect(holdsMemberAnywhere([[TOKEN]], 'ad_data_token', NOTHING)).toBe(true);
    expect(holdsMemberAnywhere({ a: { ad_data_token: '' } }, 'ad_data_token', NOTHING)).toBe(false);
  });

  it('never enters a skipped member', () => {
    const skip = new Set(['ads']);
    expect(holdsMemberAnywhere({ ads: [TOKEN] }, 'ad_data_token', skip)).toBe(false);
    expect(holdsMemberAnywhere({ ads: [], meta: TOKEN }, 'ad_data_token', skip)).toBe(true);
  });

  it('looks no deeper than its limit', () => {
    expect(holdsMemberAnywhere(nested(limit + 1, TOKEN), 'ad_data_token', NOTHING)).toBe(false);
  });
});
