import { stripTrackingParams } from '@/lib/model/ad-tracking';

/**
 * The URLs of the pages a search returned or an answer cited (site-interface 10.5).
 * The site appends `utm_source=chatgpt.com` to every such link; it says nothing about the page and makes one
 * page look like two, so it is removed (export-format "`sources[]`"). Ad tracking parameters go too
 * (site-interface 4.3): a cited shop page can carry them like an ad does. Everything else of the URL stays.
 * These run for every page of every answer, so the common cases avoid regular expressions and copies.
 */
const CHAT_UTM_SOURCE = /([?&])utm_source=chatgpt\.com(&|(?=#)|$)/gi;
const CHAT_UTM_SUFFIX = 'utm_source=chatgpt.com';
/** The citation markers' private-use characters (U+E200–U+E2FF) are never part of a link. */
const PRIVATE_USE = /[\ue200-\ue2ff]/g;
const HAS_PRIVATE_USE = /[\ue200-\ue2ff]/;
/** Only a web address has a domain: a cited upload's `file://file_…` names a file, not a site. */
const WEB_HOST = /^https?:\/\/(?:[^/?#@]*@)?([^/?#:]+)/i;
const UPPER_CASE = /[A-Z]/;
const SLASH = 0x2f;

/** Nearly every link ends with the parameter, so that case is a cut; the rest go through the pattern. */
function withoutChatUtm(url: string): string {
  if (!url.includes('utm_source=')) return url;
  if (url.endsWith(CHAT_UTM_SUFFIX)) {
    const cut = url.slice(0, -CHAT_UTM_SUFFIX.length);
    const last = cut.at(-1);
    if ((last === '?' || last === '&') && !cut.includes('utm_source=') && !cut.includes('#')) {
      return cut.slice(0, -1);
    }
  }
  return url.replace(CHAT_UTM_SOURCE, (_match, separator: string, next: string) =>
    next === '&' ? separator : '',
  );
}

/** The link as a reader should get it; null for an empty one. */
export function cleanSourceUrl(raw: string): string | null {
  const trimmed = (HAS_PRIVATE_USE.test(raw) ? raw.replace(PRIVATE_USE, '') : raw).trim();
  if (trimmed === '') return null;
  return stripTrackingParams(withoutChatUtm(trimmed)).url;
}

/** The host of a web URL without `www.`, lower case; null for any other text (a file, a bare word). */
export function hostOf(url: string): string | null {
  const host = WEB_HOST.exec(url)?.[1]?.toLowerCase();
  if (host === undefined || host === '') return null;
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * What makes two links the same page: scheme and host in lower case, no trailing slash, no fragment (deep
 * research links carry `#:~:text=` highlights of one page).
 */
export function pageKey(url: string): string {
  const fragment = url.indexOf('#');
  let key = fragment === -1 ? url : url.slice(0, fragment);
  const query = key.indexOf('?');
  const pathEnd = query === -1 ? key.length : query;
  let trimmedEnd = pathEnd;
  while (trimmedEnd > 0 && key.charCodeAt(trimmedEnd - 1) === SLASH) trimmedEnd -= 1;
  if (trimmedEnd !== pathEnd) key = key.slice(0, trimmedEnd) + key.slice(pathEnd);
  const scheme = key.indexOf('://');
  const hostEnd = scheme === -1 ? -1 : key.indexOf('/', scheme + 3);
  const origin = hostEnd === -1 ? key : key.slice(0, hostEnd);
  return UPPER_CASE.test(origin) ? origin.toLowerCase() + key.slice(origin.length) : key;
}
