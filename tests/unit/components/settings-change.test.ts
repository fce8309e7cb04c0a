import { parseHTML } from 'linkedom';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { type SaveSettings, useSettingsChange } from '@/components/use-settings-change';
import type { SettingsChange } from '@/lens/runtime/contract/settings';

/** What Chromium's local area answers when it is full. */
const QUOTA = 'Resource::kQuotaBytes quota exceeded';

/** A form of one button that saves a change through `save`, and says why the last one was not saved. */
async function form(save: SaveSettings): Promise<{ click: () => Promise<void>; said: () => string | null }> {
  const { window, document } = parseHTML('<html><body><div id="root"></div></body></html>');
  Object.assign(globalThis, { window, document, IS_REACT_ACT_ENVIRONMENT: true });
  function Form() {
    const { change, problem } = useSettingsChange(save);
    return createElement(
      'form',
      null,
      createElement('button', { type: 'button', onClick: () => change({ theme: 'dark' }) }, 'Dark'),
      problem === null ? null : createElement('p', { role: 'alert' }, problem),
    );
  }
  const root = createRoot(document.getElementById('root') as unknown as HTMLElement);
  await act(async () => root.render(createElement(Form)));
  return {
    click: () =>
      act(async () => {
        (document.querySelector('button') as unknown as { click(): void }).click();
      }),
    said: () => document.querySelector('[role="alert"]')?.textContent ?? null,
  };
}

describe('a settings change that is not saved', () => {
  afterEach(() => {
    // The unit files share one module graph and its globals: the next file finds no DOM, as before.
    for (const name of ['window', 'document', 'IS_REACT_ACT_ENVIRONMENT'])
      Reflect.deleteProperty(globalThis, name);
  });

  it('is said, with the reason, and the next change that is saved takes the words away', async () => {
    const saved: SettingsChange[] = [];
    let full = true;
    const page = await form(async (change) => {
      if (full) throw new Error(QUOTA);
      saved.push(change);
    });
    expect(page.said()).toBeNull();

    await page.click();
    expect(page.said()).toBe(
      "Your change was not saved: the browser's storage for Chat Lens settings is full. The settings shown are the ones saved.",
    );
    expect(saved).toEqual([]);

    full = false;
    await page.click();
    expect(page.said()).toBeNull();
    expect(saved).toEqual([{ theme: 'dark' }]);
  });

  it('says what to do when the extension was reloaded under the page', async () => {
    const page = await form(() => Promise.reject(new Error('Extension context invalidated.')));
    await page.click();
    expect(page.said()).toBe(
      'Your change was not saved: Chat Lens was updated or reloaded since this page opened; close it and open it again. The settings shown are the ones saved.',
    );
  });

  it('names another reason as it is, with one full stop, even one that is no Error', async () => {
    const page = await form(() => Promise.reject('IO error: .../settings.ldb.'));
    await page.click();
    expect(page.said()).toBe(
      'Your change was not saved: IO error: .../settings.ldb. The settings shown are the ones saved.',
    );
  });
});
