import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTrackingParam, stripTrackingParams } from '@/lib/model/ad-tracking';

const TRACKING = ['oppref', 'olref', 'ad_data_token', 'oa_oppref'];

function paramNames(url: string): string[] {
  return [...new URL(url).searchParams.keys()];
}

describe('stripTrackingParams (site-interface 4.3)', () => {
  it('removes every tracking parameter and keeps the harmless ones in order', () => {
    const { url, removed } = stripTrackingParams(
      'https://shop.example/p/1?utm_source=chatgpt&oppref=AAA&id=7&olref=BBB&utm_medium=ads&ad_data_token=CCC&oa_oppref=DDD',
    );
    expect(paramNames(url)).toEqual(['utm_source', 'id', 'utm_medium']);
    expect(new URL(url).searchParams.get('id')).toBe('7');
    expect(removed).toEqual(['oppref', 'olref', 'ad_data_token', 'oa_oppref']);
    expect(url).not.toMatch(/AAA|BBB|CCC|DDD/);
  });

  it('matches names in any letter case and reports them in lower case, once each', () => {
    const { url, removed } = stripTrackingParams(
      'https://a.example/?OPPREF=1&OppRef=2&Ad_Data_Token=3&keep=yes',
    );
    expect(url).toBe('https://a.example/?keep=yes');
    expect(removed).toEqual(['oppref', 'ad_data_token']);
  });

  it('cleans a redirect URL nested (encoded) inside a click URL', () => {
    const shop = 'https://shop.example/p/9?utm_source=chatgpt&oppref=SECRET1&id=9';
    const click = `https://ads.example/click?ad_data_token=SECRET2&redirect=${encodeURIComponent(shop)}`;
    const { url, removed } = stripTrackingParams(click);
    expect(url).not.toMatch(/SECRET/);
    const redirect = new URL(url).searchParams.get('redirect') ?? '';
    expect(paramNames(redirect)).toEqual(['utm_source', 'id']);
    expect(removed.sort()).toEqual(['ad_data_token', 'oppref']);
  });

  it('cleans a fragment that carries tracking pairs', () => {
    const { url, removed } = stripTrackingParams('https://a.example/x?id=1#olref=SECRET');
    expect(url).toBe('https://a.example/x?id=1');
    expect(removed).toEqual(['olref']);
  });

  it('cleans a relative link that the URL parser cannot read alone', () => {
    const { url, removed } = stripTrackingParams('/click?oppref=SECRET&next=%2Fhome');
    expect(url).toBe('/click?next=%2Fhome');
    expect(removed).toEqual(['oppref']);
  });

  it('returns a clean URL exactly as it came, with nothing removed', () => {
    const clean = 'https://Shop.example/a%20b?q=x+y&utm_source=chatgpt';
    expect(stripTrackingParams(clean)).toEqual({ url: clean, removed: [] });
  });

  it('does not take a parameter for a tracking one because its name merely contains one', () => {
    const url = 'https://a.example/?not_oppref=1&opprefs=2';
    expect(stripTrackingParams(url)).toEqual({ url, removed: [] });
  });

  it('knows the four names in any case', () => {
    for (const name of TRACKING) {
      expect(isTrackingParam(name)).toBe(true);
      expect(isTrackingParam(name.toUpperCase())).toBe(true);
    }
    expect(isTrackingParam('utm_source')).toBe(false);
  });

  it('property: no tracking value survives, other parameters keep their values and order', () => {
    const name = fc
      .constantFrom(...TRACKING)
      .chain((base) =>
        fc
          .array(fc.boolean(), { minLength: base.length, maxLength: base.length })
          .map((upper) =>
            [...base].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join(''),
          ),
      );
    const harmless = fc.tuple(fc.stringMatching(/^[a-z][a-z_]{0,8}$/), fc.string({ maxLength: 12 }));
    const param = fc.oneof(
      harmless.map(([key, value]) => ({ key, value, tracking: false })),
      name.map((key) => ({ key, value: 'TOKEN-SECRET', tracking: true })),
    );
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: false, withFragments: false }),
        fc.array(param),
        (base, params) => {
          const query = new URLSearchParams(params.map((p) => [p.key, p.value])).toString();
          const { url } = stripTrackingParams(query === '' ? base : `${base}?${query}`);
          expect(url).not.toContain('TOKEN-SECRET');
          const kept = params.filter((p) => !p.tracking && !isTrackingParam(p.key));
          expect([...new URL(url).searchParams]).toEqual(kept.map((p) => [p.key, p.value]));
        },
      ),
    );
  });

  it('property: never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = stripTrackingParams(text);
        expect(typeof result.url).toBe('string');
      }),
    );
  });
});
