import { firstMember, readText } from './ad-and-product-fields';
import { isRecord, readIdentifier } from './json-read';
import { fail, ok, type Result } from './result';

/**
 * The two members of GET /backend-api/me the client uses for ads (site-interface 4.6). Nothing else of the
 * account (name, email, picture) is read, so it cannot reach storage or an export.
 */
export interface AdAccount {
  segmentId: string | null;
  country: string | null;
}

// site-interface 4.6 names only ads_segment_id; the country code's name is not given, so the usual
// spellings are tried.
const COUNTRY_MEMBERS = ['country', 'country_code', 'countryCode', 'ads_country'] as const;

export function parseAdAccount(body: unknown): Result<AdAccount> {
  if (!isRecord(body)) return fail('unexpected-shape', 'The account response (/me) is not a JSON object.');
  const warnings: string[] = [];
  const segmentId = readIdentifier(body.ads_segment_id);
  const country = readText(firstMember(body, COUNTRY_MEMBERS));
  if (segmentId === null) warnings.push('The account response has no ads_segment_id.');
  if (country === null) warnings.push('The account response has no country code.');
  return ok({ segmentId, country }, warnings);
}
