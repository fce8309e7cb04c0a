import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { pageLoad, visibleAt } from '@/tests/unit/runtime/page-load';
import { TAB, workerOver } from './worker-setup';

/**
 * architecture "Site access": while the site's access is off, a tab whose relay still reports (a page opened
 * before the withdrawal, or a tab a click gave, "On click") is served from what the page loaded, and the
 * worker asks the site for nothing, so no refusal shows as a failure.
 */
describe('the worker while the site access is off', () => {
  it('shows what the page loaded and asks for nothing, then asks again once access is back', async () => {
    let access = false;
    const setup = workerOver(undefined, [], undefined, async () => access);
    const id = FIXTURE_IDS.longHistory;
    await setup.worker.pageState(TAB, visibleAt(id));
    for (const event of pageLoad(id)) await setup.worker.pageEvent(TAB, event);
    await setup.worker.refresh(TAB);
    await setup.advance(60_000);
    const lens = setup.memory.lens();
    expect(lens?.snapshot?.summary?.messageCount).toBeGreaterThan(0);
    expect(lens?.snapshot?.load.status).not.toBe('failed');
    expect(lens?.snapshot?.errors).toEqual([]);
    expect(setup.backend.requests).toEqual([]);

    access = true;
    await setup.worker.refresh(TAB);
    await setup.advance(60_000);
    // The older pages the page never loads are asked for now.
    expect(setup.backend.backendRequests().length).toBeGreaterThan(0);
  });
});
