import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAdAccount } from '@/lib/model/ad-account';
import { meResponse } from '@/tests/replica/fixtures/ads';

describe('parseAdAccount (site-interface 4.6)', () => {
  const me = meResponse() as Record<string, unknown>;

  it('reads the ads segment and the country code of the account', () => {
    const result = parseAdAccount(me);
    expect(result.ok && result.value).toEqual({ segmentId: me.ads_segment_id, country: me.country_code });
  });

  it('keeps nothing else of the account: no name, email or picture', () => {
    const text = JSON.stringify(parseAdAccount(me));
    for (const member of ['email', 'name', 'picture', 'id']) expect(text).not.toContain(String(me[member]));
  });

  it('accepts the country under another usual name', () => {
    const result = parseAdAccount({ ads_segment_id: 'seg', country: 'DE' });
    expect(result.ok && result.value.country).toBe('DE');
  });

  it('warns, without failing, when a member is missing', () => {
    const result = parseAdAccount({ email: 'someone@example.com' });
    expect(result.ok && result.value).toEqual({ segmentId: null, country: null });
    expect(result.ok && result.warnings).toHaveLength(2);
  });

  it('fails with a typed error when the body is not an object', () => {
    const result = parseAdAccount([]);
    expect(!result.ok && result.error.code).toBe('unexpected-shape');
  });

  it('property: never throws on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (body) => void parseAdAccount(body)));
  });
});
