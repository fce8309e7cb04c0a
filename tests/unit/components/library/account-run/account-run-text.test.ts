import { describe, expect, it } from 'vitest';
import {
  accountRunEndText,
  accountRunProgressText,
  durationText,
} from '@/components/library/account-run/account-run-text';
import { type AccountRunStatus, NO_ACCOUNT_RUN } from '@/lens/runtime/contract/account-run';

const status = (members: Partial<AccountRunStatus>): AccountRunStatus => ({ ...NO_ACCOUNT_RUN, ...members });

/** What the library page says of a run of "add the whole account". */
describe('the run’s words', () => {
  it('rounds a wait or an estimate as a reader does', () => {
    expect([
      durationText(400),
      durationText(42_000),
      durationText(12 * 60_000),
      durationText(125 * 60_000),
    ]).toEqual(['1 s', '42 s', '12 min', '2 h 5 min']);
  });

  it('counts the listing, then what is fetched, failed and left, with the time to go', () => {
    expect(accountRunProgressText(status({ status: 'running', phase: 'listing', listed: 300 }))).toBe(
      'Listing the account: 300 conversations so far.',
    );
    expect(
      accountRunProgressText(
        status({
          status: 'running',
          phase: 'fetching',
          listed: 2_400,
          done: 1_200,
          failed: 3,
          left: 1_197,
          etaMs: 1_500_000,
        }),
      ),
    ).toBe('1,200 of 2,400 fetched, 3 failed, 1,197 left. About 25 min to go, 10 at a time.');
  });

  it('says why the time to go is what it is: how many a request reads, and why only one', () => {
    const going = status({
      status: 'running',
      phase: 'fetching',
      listed: 100,
      done: 40,
      left: 60,
      etaMs: 120_000,
    });
    expect(accountRunProgressText({ ...going, perRequest: 5 })).toBe(
      '40 of 100 fetched, 60 left. About 2 min to go, 5 at a time.',
    );
    expect(accountRunProgressText({ ...going, reading: 'alone-no-batch', perRequest: 1 })).toBe(
      '40 of 100 fetched, 60 left. About 2 min to go, one at a time: chatgpt.com reads no ten at once for this account.',
    );
    expect(
      accountRunProgressText({ ...going, reading: 'alone-rate-limited', perRequest: 1, paced: true }),
    ).toBe(
      '40 of 100 fetched, 60 left. About 2 min to go at the rate chatgpt.com allows, one at a time: chatgpt.com refused ten at once too often.',
    );
  });

  it('says when the time to go is at the rate chatgpt.com allows after a 429', () => {
    const paced = status({
      reading: 'alone-no-batch',
      perRequest: 1,
      status: 'running',
      phase: 'fetching',
      listed: 1_000,
      done: 640,
      left: 360,
      etaMs: 6 * 3_600_000,
    });
    expect(accountRunProgressText({ ...paced, paced: true })).toBe(
      '640 of 1,000 fetched, 360 left. About 6 h to go at the rate chatgpt.com allows, one at a time: chatgpt.com reads no ten at once for this account.',
    );
    // A status stored without the members reads as not paced, and says nothing of how it reads.
    const { paced: _, reading: __, perRequest: ___, ...stored } = paced;
    expect(accountRunProgressText(stored)).toBe('640 of 1,000 fetched, 360 left. About 6 h to go.');
  });

  it('says how a run ended, and what a later run does', () => {
    expect(accountRunEndText(status({ status: 'finished', done: 40, failed: 2 }))).toBe(
      'Finished: 40 conversations fetched, 2 failed. A later run fetches only what is new or changed.',
    );
    expect(
      accountRunEndText(status({ status: 'stopped', done: 1, error: 'Signed out of chatgpt.com.' })),
    ).toBe('Stopped: Signed out of chatgpt.com. 1 conversation fetched.');
  });
});
