/**
 * Removal of ad tracking tokens from URLs (site-interface 4.3; architecture "Secrets"): a target value URL
 * may carry `oppref`, `olref`, `ad_data_token` and the prefixed `oa_oppref`. They are dropped at the parsing
 * boundary, in any letter case, also inside a nested (percent-encoded) redirect URL, and only their NAMES
 * are kept so a user can see what was removed.
 */
const TRACKING_PARAMS: ReadonlySet<string> = new Set(['oppref', 'olref', 'ad_data_token', 'oa_oppref']);

/** A click URL wrapping a redirect wrapping the shop URL is the deepest nesting seen; more is not followed. */
const MAX_NESTED_URL_DEPTH = 3;

export interface StrippedUrl {
  url: string;
  /** Lower-case names of the parameters removed, each once, in order of appearance. */
  removed: string[];
}

const NESTED_URL = /^https?:\/\//i;
// For text that is not an absolute URL (a relative link): a tracking pair after ?, &, ; or #.
const TRACKING_PAIR = /([?&;#])(oppref|olref|ad_data_token|oa_oppref)=[^&;#]*/gi;

export function isTrackingParam(name: string): boolean {
  return TRACKING_PARAMS.has(name.toLowerCase());
}

function addName(removed: string[], name: string): void {
  const lower = name.toLowerCase();
  if (!removed.includes(lower)) removed.push(lower);
}

function stripWithoutUrlParser(text: string, removed: string[]): string {
  let changed = false;
  const stripped = text.replace(TRACKING_PAIR, (_pair, separator: string, name: string) => {
    addName(removed, name);
    changed = true;
    return separator;
  });
  if (!changed) return text;
  // Tidy the separators left behind: "?&a=1" -> "?a=1", a trailing "?" or "&" goes.
  return stripped
    .replace(/([?#])[&;]+/g, '$1')
    .replace(/[&;]{2,}/g, '&')
    .replace(/[?&;#]+$/, '');
}

function stripAtDepth(text: string, depth: number, removed: string[]): string {
  if (!text.includes('=')) return text;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return stripWithoutUrlParser(text, removed);
  }
  let changed = false;
  if (parsed.search !== '') {
    const kept = new URLSearchParams();
    for (const [name, value] of parsed.searchParams) {
      if (isTrackingParam(name)) {
        addName(removed, name);
        changed = true;
        continue;
      }
      const cleanValue =
        depth < MAX_NESTED_URL_DEPTH && NESTED_URL.test(value)
          ? stripAtDepth(value, depth + 1, removed)
          : value;
      if (cleanValue !== value) changed = true;
      kept.append(name, cleanValue);
    }
    if (changed) parsed.search = kept.toString();
  }
  if (parsed.hash.includes('=')) {
    const cleanHash = stripWithoutUrlParser(parsed.hash, removed);
    if (cleanHash !== parsed.hash) {
      parsed.hash = cleanHash;
      changed = true;
    }
  }
  // Rebuilt only when something went, so a clean URL is returned byte for byte.
  return changed ? parsed.href : text;
}

// A URL with no percent-escape and none of the names, at any nesting depth, has nothing to remove and
// skips the URL parser (product offers carry many such URLs).
const ANY_TRACKING_NAME = /oppref|olref|ad_data_token|%/i;

/** The URL without tracking parameters, and the names of those removed. Never throws. */
export function stripTrackingParams(url: string): StrippedUrl {
  if (!ANY_TRACKING_NAME.test(url)) return { url, removed: [] };
  const removed: string[] = [];
  return { url: stripAtDepth(url, 0, removed), removed };
}
