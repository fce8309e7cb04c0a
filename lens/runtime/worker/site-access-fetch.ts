import type { FetchLike } from '@/lib/api/request-timeout';

/** Why a request was not sent: the user has withdrawn the extension's access to chatgpt.com. */
export class SiteAccessOffError extends Error {
  override name = 'SiteAccessOffError';
  constructor() {
    super('chatgpt.com access is off');
  }
}

/**
 * `fetch` that sends nothing while the site's access is withdrawn (architecture "Site access"): a relay
 * left running in a page opened before may still ask for a refresh, and the browser would refuse the
 * request and log it. The refusal is a plain failed request (a network error of the load), never a throw
 * that stops the worker.
 */
export function onlyWithSiteAccess(fetch: FetchLike, hasAccess: () => Promise<boolean>): FetchLike {
  return async (url, init) => {
    if (!(await hasAccess())) throw new SiteAccessOffError();
    return fetch(url, init);
  };
}
