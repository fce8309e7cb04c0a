import { decodeHTML } from 'entities';
import { isRecord, readString } from './json-read';
import { parseJson } from './parse-json';
import type { SiteRefusal } from './site-refusal';

const MAX_WORDS = 200;

/**
 * The refusal a response body holds (site-refusal.ts): the site's `detail`, else the body's words. Apart
 * from how a refusal is said, which the pages show: reading an HTML page's words takes an entity decoder
 * the popup and the side panel need not load.
 */
export function readSiteRefusal(status: number, body: string | null): SiteRefusal {
  const parsed = body === null ? null : parseJson(body);
  const json = parsed?.ok === true ? parsed.value : null;
  const detail = isRecord(json) ? readString(json.detail) : null;
  const words = (detail ?? (json === null ? textOf(body ?? '') : '')).replace(/\s+/g, ' ').trim();
  return { status, words: words.slice(0, MAX_WORDS) };
}

/** A body's words: an HTML page's (a refusal of the mobile web surface, site-interface 10.16) without its tags. */
const textOf = (body: string): string =>
  /^\s*</.test(body)
    ? decodeHTML(body.replace(/<(?:script|style)\b.*?<\/(?:script|style)\s*>|<[^>]*>/gis, ' '))
    : body;
