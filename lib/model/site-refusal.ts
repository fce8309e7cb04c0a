/**
 * A prompt the site refused instead of answering: its submit call (site-interface 4.5) came back with an
 * error status in place of a stream, such as `403 {"detail":"Unusual activity has been detected…"}`, or a
 * mobile web answer said `failed` inside its stream (site-interface 10.16). Only the status and the site's
 * own words are kept, cut short: nothing else of the body (site-refusal-reader.ts reads them).
 */
export interface SiteRefusal {
  /** The HTTP status; below 400 when the refusal came inside a stream that was answered 200. */
  status: number;
  /** The site's `detail`, else the start of its body; '' when it said nothing. */
  words: string;
}

/** The refusal as one sentence, its stop included, as every face and `inspect` say it. */
export function refusalText({ status, words }: SiteRefusal): string {
  const how = status >= 400 ? ` with HTTP ${status}` : '';
  const sentence = `The chat site refused the prompt${how}${words === '' ? '' : `: ${words}`}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}
