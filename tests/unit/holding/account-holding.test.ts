import { describe, expect, it } from 'vitest';
import { AccountHolding } from '@/lens/holding/account-holding';
import { ASK_AGAIN_AFTER_MS } from '@/lens/holding/ask-again';
import type { LensError } from '@/lib/model/result';
import { meResponse } from '@/tests/replica/fixtures/ads';

const FAILURE: LensError = { code: 'not-found', message: 'The account (/me): not found' };
const CURABLE: LensError = { code: 'server', message: 'The account (/me): the site had a server error' };

describe('AccountHolding (site-interface 4.6)', () => {
  it('keeps only the segment and the country of a captured /me, for every tab', () => {
    const account = new AccountHolding();
    expect(account.askWhen(0)).toBe('beyond-page-load');
    const body = JSON.stringify({ ...(meResponse() as object), ads_segment_id: 'seg-7', country: 'DE' });
    expect(account.ingestText(body).ok).toBe(true);
    expect(account.current()).toEqual({ segmentId: 'seg-7', country: 'DE' });
    expect(account.askWhen(0)).toBe('not-now');
    expect(JSON.stringify(account.current())).not.toContain('@example.com');
  });

  it('keeps what it held when a body cannot be read', () => {
    const account = new AccountHolding();
    account.ingest({ ads_segment_id: 'seg-1', country: 'US' });
    expect(account.ingestText('{"ads_segment_id": ').ok).toBe(false);
    expect(account.current()).toEqual({ segmentId: 'seg-1', country: 'US' });
  });

  it('is asked for once at a time; after a failure at once or after a pause, as the failure allows', () => {
    const account = new AccountHolding();
    account.noteRequested();
    expect(account.askWhen(0)).toBe('not-now');
    account.noteFailed({ error: CURABLE, failedAt: 0 });
    expect(account.askWhen(0)).toBe('beyond-page-load');
    account.noteRequested();
    account.noteFailed({ error: FAILURE, failedAt: 1_000 });
    expect(account.askWhen(1_000 + ASK_AGAIN_AFTER_MS - 1)).toBe('not-now');
    expect(account.askWhen(1_000 + ASK_AGAIN_AFTER_MS)).toBe('any-trigger');
  });

  it('is due again on any trigger once the pause after a failure is over, whatever the failure', () => {
    const account = new AccountHolding();
    expect(account.askWhen(0)).toBe('beyond-page-load');
    for (const error of [CURABLE, FAILURE]) {
      account.noteRequested();
      account.noteFailed({ error, failedAt: 1_000 });
      // In the pause: a curable failure on a trigger beyond the page's load (ask-again.ts), any other not.
      expect(account.askWhen(1_000 + ASK_AGAIN_AFTER_MS - 1)).toBe(
        error === CURABLE ? 'beyond-page-load' : 'not-now',
      );
      expect(account.askWhen(1_000 + ASK_AGAIN_AFTER_MS)).toBe('any-trigger');
    }
    account.ingest({ ads_segment_id: 'seg-1', country: 'US' });
    expect(account.askWhen(1_000 + ASK_AGAIN_AFTER_MS)).toBe('not-now');
  });

  it('names why the account is missing after a failed /me, until an account is held', () => {
    const account = new AccountHolding();
    expect(account.failure()).toBeNull();
    account.noteRequested();
    account.noteFailed({ error: FAILURE, failedAt: 1_000 });
    expect(account.failure()).toEqual(FAILURE);
    account.ingest({ ads_segment_id: 'seg-1', country: 'US' });
    expect(account.failure()).toBeNull();
  });

  it('after a /me that has none (404 or 403) holds no account and no failure, asks never again, and takes one the page loads', () => {
    const account = new AccountHolding();
    account.noteRequested();
    account.noteFailed({ error: FAILURE, failedAt: 0 });
    account.noteRequested();
    account.noteNone();
    expect(account.current()).toBeNull();
    expect(account.failure()).toBeNull();
    expect(account.askWhen(ASK_AGAIN_AFTER_MS * 10)).toBe('not-now');
    account.ingest({ ads_segment_id: 'seg-2', country: 'FR' });
    expect(account.current()).toEqual({ segmentId: 'seg-2', country: 'FR' });
  });
});
