import { describe, expect, it } from 'vitest';
import type { HoldingFacts } from '@/lens/holding/conversation-holding';
import {
  CURRENT_FOR_MS,
  lookWaitsUntil,
  type PlanInput,
  planExportLoad,
  planRefresh,
  type RefreshTrigger,
} from '@/lens/runtime/worker/refresh-plan';

const NOW = 1_800_000_000_000;

const held: HoldingFacts = {
  hasNewestPage: true,
  olderCursor: null,
  pagingStopped: false,
  askForAds: 'not-now',
  messagesBehindStream: false,
  lastFreshAt: NOW - 1_000,
  signedOut: false,
};

const plan = (
  triggers: RefreshTrigger[],
  facts: Partial<HoldingFacts> = {},
  extra: Partial<PlanInput> = {},
) =>
  planRefresh({
    facts: { ...held, ...facts },
    triggers: new Set(triggers),
    askForAccount: 'not-now',
    governorWaitUntil: null,
    pageLoadingUntil: null,
    now: NOW,
    ...extra,
  });

describe('planRefresh: only what is missing (architecture "Passive first")', () => {
  describe('while the page loads the conversation the tab just went to', () => {
    const nothingYet = { hasNewestPage: false, lastFreshAt: null, askForAds: 'beyond-page-load' } as const;
    const loading = { pageLoadingUntil: NOW + 2_000, askForAccount: 'beyond-page-load' } as const;

    it('a look asks for nothing the page loads, until it had its time', () => {
      for (const look of ['ui-opened', 'visible'] as const)
        expect(plan([look, 'navigation'], nothingYet, loading)).toEqual({ kind: 'nothing' });
      expect(lookWaitsUntil(new Set(['ui-opened']), NOW + 2_000, NOW)).toBe(NOW + 2_000);
    });

    it('whatever of its load arrived first: the tree while the newest page is on its way', () => {
      const treeOnly = { ...nothingYet, lastFreshAt: NOW - 100 };
      expect(plan(['ui-opened', 'captured'], treeOnly, loading)).toEqual({ kind: 'nothing' });
      // What the page never loads all of is asked for meanwhile.
      expect(
        plan(['ui-opened'], { ...treeOnly, hasNewestPage: true, olderCursor: 'cur-m6' }, loading),
      ).toEqual({
        kind: 'requests',
        newestPage: false,
        olderPages: true,
        ads: false,
        account: false,
      });
    });

    it('asks as before once the page had its time', () => {
      expect(lookWaitsUntil(new Set(['ui-opened']), NOW, NOW)).toBeNull();
      expect(plan(['ui-opened'], nothingYet, { ...loading, pageLoadingUntil: NOW })).toMatchObject({
        kind: 'requests',
        newestPage: true,
        ads: true,
        account: true,
      });
    });

    it('the fallback poll and an ended answer still ask', () => {
      for (const trigger of ['fallback-due', 'stream-ended'] as const) {
        expect(plan(['ui-opened', trigger], nothingYet, loading)).toMatchObject({ kind: 'requests' });
        expect(lookWaitsUntil(new Set(['ui-opened', trigger]), NOW + 2_000, NOW)).toBeNull();
      }
    });
  });

  it('asks for nothing the page itself loads on navigation or a capture', () => {
    for (const trigger of ['navigation', 'captured'] as const) {
      expect(
        plan([trigger], { askForAds: 'beyond-page-load' }, { askForAccount: 'beyond-page-load' }),
      ).toEqual({ kind: 'nothing' });
      expect(plan([trigger], { hasNewestPage: false, lastFreshAt: null })).toEqual({ kind: 'nothing' });
    }
  });

  it('asks for the older pages while the held oldest page says has_previous_page', () => {
    expect(plan(['captured'], { olderCursor: 'cur-m6' })).toMatchObject({
      olderPages: true,
      newestPage: false,
    });
    expect(plan(['captured'], { olderCursor: 'cur-m6', pagingStopped: true })).toEqual({ kind: 'nothing' });
  });

  it('asks for the newest page after an answer ended only when the page loaded no messages page since', () => {
    expect(plan(['stream-ended'], { messagesBehindStream: true })).toMatchObject({ newestPage: true });
    expect(plan(['stream-ended'], { messagesBehindStream: false })).toEqual({ kind: 'nothing' });
    // Asked again on the page's next capture when the first request did not bring it: the page's tree
    // polls keep the fallback poll from firing.
    expect(plan(['captured'], { messagesBehindStream: true })).toMatchObject({ newestPage: true });
  });

  it('asks for the newest page on the fallback poll', () => {
    expect(plan(['fallback-due'])).toMatchObject({ newestPage: true, olderPages: false });
  });

  it('on becoming visible or the UI opening, asks for the newest page only when what is held is not current', () => {
    for (const trigger of ['visible', 'ui-opened'] as const) {
      expect(plan([trigger])).toEqual({ kind: 'nothing' });
      expect(plan([trigger], { lastFreshAt: NOW - CURRENT_FOR_MS })).toMatchObject({ newestPage: true });
      expect(plan([trigger], { hasNewestPage: false })).toMatchObject({ newestPage: true });
    }
  });

  it('asks for ads and /me once the page has had its chance and did not load them', () => {
    expect(
      plan(['fallback-due'], { askForAds: 'beyond-page-load' }, { askForAccount: 'beyond-page-load' }),
    ).toMatchObject({
      ads: true,
      account: true,
    });
    expect(plan(['ui-opened'], { askForAds: 'beyond-page-load' })).toMatchObject({
      ads: true,
      account: false,
    });
  });

  it("asks again for ads and /me whose request failed, once its pause is over, on the page's own captures too", () => {
    expect(plan(['captured'], { askForAds: 'any-trigger' })).toMatchObject({ ads: true });
    expect(plan(['captured'], {}, { askForAccount: 'any-trigger' })).toMatchObject({
      account: true,
    });
  });

  it('unites what several triggers gathered in one window ask for', () => {
    expect(
      plan(['navigation', 'stream-ended', 'captured'], { olderCursor: 'c', messagesBehindStream: true }),
    ).toEqual({
      kind: 'requests',
      newestPage: true,
      olderPages: true,
      ads: false,
      account: false,
    });
  });

  it('asks for nothing while the governor holds requests, and says when to retry', () => {
    expect(plan(['fallback-due'], { olderCursor: 'c' }, { governorWaitUntil: NOW + 60_000 })).toEqual({
      kind: 'blocked',
      retryAt: NOW + 60_000,
    });
  });
});

describe('planExportLoad: an export holds every message, and the ads and account a look would ask for', () => {
  it('loads nothing when every page, the ads and the account are held', () => {
    expect(planExportLoad(held, 'not-now')).toBeNull();
    expect(planExportLoad({ ...held, olderCursor: 'c1', pagingStopped: true }, 'not-now')).toBeNull();
  });

  it('loads the newest page when none is held, and the older pages while paging has not stopped', () => {
    expect(planExportLoad({ ...held, hasNewestPage: false }, 'not-now')).toEqual({
      kind: 'requests',
      newestPage: true,
      olderPages: true,
      ads: false,
      account: false,
    });
    expect(planExportLoad({ ...held, olderCursor: 'c1' }, 'not-now')).toMatchObject({
      newestPage: false,
      olderPages: true,
    });
  });

  it('asks for missing ads and /me as a look at the views does, and for no page that is held', () => {
    // A worker started again holds no ads and no account: the page loaded them before it stopped.
    expect(planExportLoad({ ...held, askForAds: 'beyond-page-load' }, 'beyond-page-load')).toEqual({
      kind: 'requests',
      newestPage: false,
      olderPages: false,
      ads: true,
      account: true,
    });
    expect(planExportLoad({ ...held, askForAds: 'any-trigger' }, 'not-now')).toMatchObject({
      ads: true,
      account: false,
    });
    expect(planExportLoad(held, 'any-trigger')).toMatchObject({ ads: false, account: true });
  });
});
