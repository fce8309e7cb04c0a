import { describe, expect } from 'vitest';
import { summaryOf } from '@/lens/library/library-summary';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { settled, stopWorker } from './fault-drill';
import { waitForLens } from './lens-state';
import { test } from './lens-test';
import { type KeptLibrary, keptLibrary, setLibrary, waitForKept } from './library-state';
import { waitForClient } from './replica-page';

/**
 * The library against what real browsers do (architecture "The library"): tabs that write at once and a
 * worker stopped while a write is due, in the production build. Every conversation kept has its summary,
 * made from it: never half of a write.
 */

/** What automatic deletion, a crash or a stop could break: each record whole and its summary beside it. */
function expectWhole(kept: KeptLibrary): void {
  const summaries = new Map(kept.summaries.map((summary) => [summary.id, summary]));
  expect(kept.summaries.length).toBe(kept.conversations.length);
  for (const record of kept.conversations) expect(summaries.get(record.id)).toEqual(summaryOf(record));
}

describe('the library in real Chromium', () => {
  test('tabs that load at once each keep their conversation, once, with its summary', async ({ lens }) => {
    await setLibrary(lens, { enabled: true });
    const ids = [FIXTURE_IDS.webSearch, FIXTURE_IDS.ads, FIXTURE_IDS.products, FIXTURE_IDS.sse];
    const chats = await Promise.all(ids.map((id) => lens.openChat(`/c/${id}`)));
    await Promise.all(chats.map((chat) => waitForClient(chat, (client) => client.loaded)));
    const reader = await lens.openExtensionPage('popup.html');
    const kept = await waitForKept(reader, ids);
    expect(kept.conversations.map((record) => record.id).sort()).toEqual([...ids].sort());
    expectWhole(kept);
    const searched = kept.conversations.find((record) => record.id === FIXTURE_IDS.webSearch);
    expect(searched?.turns.some((turn) => turn.queries.length > 0 && turn.pages.length > 0)).toBe(true);
    for (const page of [reader, ...chats]) await page.close();
  });

  test('a worker stopped while its write is due leaves the library whole, and writes on its return', async ({
    lens,
  }) => {
    await setLibrary(lens, { enabled: true });
    const id = FIXTURE_IDS.longHistory;
    const chat = await lens.openChat(`/c/${id}`);
    const tabId = await lens.tabIdOf(chat);
    await waitForLens(lens, tabId, settled, 30_000);
    // Stopped before the gathered offers are written, or while they are: the test cannot tell which.
    await stopWorker(lens);
    const reader = await lens.openExtensionPage('popup.html');
    expectWhole(await keptLibrary(reader));
    // The tab's next message starts the worker again; it loads the conversation and keeps it.
    const kept = await waitForKept(reader, [id], 60_000);
    expectWhole(kept);
    for (const page of [reader, chat]) await page.close();
  });

  test('a turn of several assistant messages keeps its final answer alone as its answer', async ({
    lens,
  }) => {
    await setLibrary(lens, { enabled: true, keepAnswerText: true });
    const id = FIXTURE_IDS.uiProgram;
    const chat = await lens.openChat(`/c/${id}`);
    await waitForClient(chat, (client) => client.loaded);
    const reader = await lens.openExtensionPage('popup.html');
    const kept = await waitForKept(reader, [id]);
    const answer = kept.conversations
      .find((record) => record.id === id)
      ?.turns.find((turn) => turn.prompt)?.answer;
    // The preamble (commentary channel) and the recap (analysis) come first; the final channel answers.
    expect(answer).toContain('Larkspur C2');
    expect(answer).not.toContain('I will compare the two bikes');
    expect(answer).not.toMatch(/Thought for \d+s/);
    for (const page of [reader, chat]) await page.close();
  });

  test('with the library off, nothing is kept', async ({ lens }) => {
    const reader = await lens.openExtensionPage('popup.html');
    const before = (await keptLibrary(reader)).conversations.length;
    await setLibrary(lens, { enabled: false });
    const chat = await lens.openChat(`/c/${FIXTURE_IDS.plain}`);
    const tabId = await lens.tabIdOf(chat);
    await waitForLens(lens, tabId, settled);
    // Twice the time the worker gathers offers before it writes.
    await chat.waitForTimeout(4_000);
    const kept = await keptLibrary(reader);
    expect(kept.conversations.map((record) => record.id)).not.toContain(FIXTURE_IDS.plain);
    expect(kept.conversations.length).toBe(before);
    for (const page of [reader, chat]) await page.close();
  });
});
