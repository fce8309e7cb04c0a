import type { JSX } from 'react';
import { browser } from '#imports';
import { askSiteAccess } from '@/lens/runtime/contract/site-access';

/**
 * Asks for chatgpt.com again. The browser grants a permission only inside the user's gesture, so the
 * request is the click's first call, nothing awaited before it; the face follows the grant by itself
 * (use-site-access.ts), and a refusal leaves it as it is.
 */
export function AskSiteAccessButton(): JSX.Element {
  const ask = (): void => void askSiteAccess().catch(() => undefined);
  return (
    <button type="button" className="button button--primary" onClick={ask}>
      Allow chatgpt.com
    </button>
  );
}

/** Reloads the tab, so the browser runs the extension's content scripts in it (it does so at load only). */
export function ReloadTabButton({ tabId }: { tabId: number }): JSX.Element {
  const reload = (): void => void browser.tabs.reload(tabId).catch(() => undefined);
  return (
    <button type="button" className="button button--primary" onClick={reload}>
      Reload the tab
    </button>
  );
}
