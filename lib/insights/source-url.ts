import { stripTrackingParams } from '@/lib/model/ad-tracking';

/**
 * The URLs of the pages a search returned or an answer cited (DESIGN "Sources and citations in messages").
 * The site appends `utm_source=chatgpt.com` to every such link; it says nothing about the page and makes one
 * page look like two, so it is removed (docs/export-format.md, "Sources"). Ad tracking parameters go too
 * (interface 4.3): a cited shop page can carry them like an ad does. Everything else of the URL stays.
 */
const CHAT_UTM_SOURCE = /([?&])utm_source=chatgpt\.com(&|(?=#)|$)/gi;
/** The citation markers' private-use characters (U+E200–U+E2FF) are never part of a link. */
const PRIVATE_USE = /[\ue200-\ue2ff]/g;
const SCHEME_AND_HOST = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]+)/;

/** The link as a reader should get it; null for an empty one. */
export function cleanSourceUrl(raw: string): string | null {
  const trimmed = raw.replace(PRIVATE_USE, '').trim();
  if (trimmed === '') return null;
  const withoutUtm = trimmed.includes('utm_source=')
    ? trimmed.replace(CHAT_UTM_SOURCE, (_match, separator: string, next: string) =>
        next === '&' ? separator : '',
      )
    : trimmed;
  return stripTrackingParams(withoutUtm).url;
}

/** The host of a URL without `www.`, lower case; null when the text has no scheme and host. */
export function hostOf(url: string): string | null {
  const host = SCHEME_AND_HOST.exec(url)?.[1]?.toLowerCase();
  if (host === undefined || host === '') return null;
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * What makes two links the same page: scheme and host in lower case, no trailing slash, no fragment (deep
 * research links carry `#:~:text=` highlights of one page).
 */
export function pageKey(url: string): string {
  const withoutFragment = url.split('#', 1)[0] ?? url;
  const scheme = SCHEME_AND_HOST.exec(withoutFragment)?.[0];
  const normalized =
    scheme === undefined ? withoutFragment : scheme.toLowerCase() + withoutFragment.slice(scheme.length);
  return normalized.replace(/\/+(?=\?|$)/, '');
}
