import { browser } from '#imports';

/**
 * The one site the extension reads: its host permission, declared in the manifest and asked again with
 * this list when the user withdrew it (architecture "Site access").
 */
export const SITE_ORIGINS = ['https://chatgpt.com/*'];

/** Whether the browser lets the extension's content scripts and requests reach chatgpt.com now. */
export function hasSiteAccess(): Promise<boolean> {
  return browser.permissions.contains({ origins: SITE_ORIGINS });
}

/**
 * Asks the browser to grant the site again. It must be called synchronously inside the user's click
 * (a user gesture), so nothing may be awaited before it. Resolves to whether it was granted.
 */
export function askSiteAccess(): Promise<boolean> {
  return browser.permissions.request({ origins: SITE_ORIGINS });
}

/**
 * Calls `onChange` with the state after each grant or withdrawal. The state is asked again rather than read
 * from the event, as browsers name a withdrawn site differently (Chromium's "on click" reports the pattern
 * it withheld). Returns the unfollow.
 */
export function followSiteAccess(onChange: (granted: boolean) => void): () => void {
  const changed = (): void => void hasSiteAccess().then(onChange, () => undefined);
  browser.permissions.onAdded.addListener(changed);
  browser.permissions.onRemoved.addListener(changed);
  return () => {
    browser.permissions.onAdded.removeListener(changed);
    browser.permissions.onRemoved.removeListener(changed);
  };
}
