import { decodeHTML } from 'entities';
import { isRecord, readString } from './json-read';
import { parseJson } from './parse-json';

/**
 * A prompt the site refused instead of answering: its submit call (site-interface 4.5) came back with an
 * error status in place of a stream, such as `403 {"detail":"Unusual activity has been detected…"}`, or a
 * mobile web answer said `failed` inside its stream (site-interface 10.16). Only the status and the site's
 * own words are kept, cut short: nothing else of the body.
 */
export interface SiteRefusal {
  /** The HTTP status; below 400 when the refusal came inside a stream that was answered 200. */
  status: number;
  /** The site's `detail`, else the start of its body; '' when it said nothing. */
  words: string;
}

const MAX_WORDS = 200;

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

/** The refusal as one sentence, its stop included, as every face and `inspect` say it. */
export function refusalText({ status, words }: SiteRefusal): string {
  const how = status >= 400 ? ` with HTTP ${status}` : '';
  const sentence = `The chat site refused the prompt${how}${words === '' ? '' : `: ${words}`}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
