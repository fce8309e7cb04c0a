import { describe, expect, it } from 'vitest';
import { AccountHolding } from '@/lib/runtime/account-holding';
import { meResponse } from '@/tests/replica/fixtures/ads';

describe('AccountHolding (interface 4.6)', () => {
  it('keeps only the segment and the country of a captured /me, for every tab', () => {
    const account = new AccountHolding();
    expect(account.missing()).toBe(true);
    const body = JSON.stringify({ ...(meResponse() as object), ads_segment_id: 'seg-7', country: 'DE' });
    expect(account.ingestText(body).ok).toBe(true);
    expect(account.current()).toEqual({ segmentId: 'seg-7', country: 'DE' });
    expect(account.missing()).toBe(false);
    expect(JSON.stringify(account.current())).not.toContain('@example.com');
  });

  it('keeps what it held when a body cannot be read, and is asked for once', () => {
    const account = new AccountHolding();
    account.ingest({ ads_segment_id: 'seg-1', country: 'US' });
    expect(account.ingestText('{"ads_segment_id": ').ok).toBe(false);
    expect(account.current()).toEqual({ segmentId: 'seg-1', country: 'US' });
    const fresh = new AccountHolding();
    fresh.noteRequested();
    expect(fresh.missing()).toBe(false);
    fresh.noteRequested(false);
    expect(fresh.missing()).toBe(true);
  });
});
