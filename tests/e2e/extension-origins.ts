import type { BrowserContext } from 'playwright-core';

/**
 * Where each browser's extension lives, from its launch or the first of its workers seen: once Chrome stops
 * the worker, the browser lists none, and a page of the extension is the only way left to start it.
 */
const extensionOrigins = new WeakMap<BrowserContext, string>();

/** Remembers the extension of a browser, the first time it is told. */
export function rememberExtension(context: BrowserContext, extensionId: string): void {
  if (!extensionOrigins.has(context)) extensionOrigins.set(context, `chrome-extension://${extensionId}`);
}

export const extensionOriginOf = (context: BrowserContext): string | undefined =>
  extensionOrigins.get(context);
