import * as v from 'valibot';
import { isRecord } from '@/lib/model/json-read';

/**
 * A brand as the user names it on the library page: the domains that are its own (a subdomain counts as
 * its domain) and the words that name it in an answer (its name and other spellings).
 */
export interface Brand {
  name: string;
  domains: string[];
  mentions: string[];
}

/** The user's own brand and their competitors', kept locally (architecture "The library"). */
export interface BrandSettings {
  own: Brand;
  competitors: Brand[];
}

export const NO_BRANDS: BrandSettings = { own: { name: '', domains: [], mentions: [] }, competitors: [] };

/** Whether the settings name any brand: without one, the library has no brand to count. */
export const namesAnyBrand = (brands: BrandSettings): boolean =>
  brands.competitors.length > 0 ||
  brands.own.name.trim() !== '' ||
  brands.own.domains.length > 0 ||
  brands.own.mentions.length > 0;

/** How many competitors one library compares: enough for any market map, few enough to chart. */
export const MAX_COMPETITORS = 20;

const words = v.fallback(
  v.pipe(
    v.array(v.unknown()),
    v.transform((items) => [
      ...new Set(
        items.flatMap((item) => (typeof item === 'string' && item.trim() !== '' ? [item.trim()] : [])),
      ),
    ]),
  ),
  [],
);

const brandSchema = v.object({
  name: v.fallback(v.pipe(v.string(), v.trim()), ''),
  domains: v.pipe(
    words,
    v.transform((domains) => [
      ...new Set(domains.map((domain) => domain.toLowerCase().replace(/^www\./, ''))),
    ]),
  ),
  mentions: words,
});

const readBrand = (stored: unknown): Brand => v.parse(brandSchema, isRecord(stored) ? stored : {});

/** The stored brands, read tolerantly: a bad member reads as empty, never as an error. */
export function readBrandSettings(stored: unknown): BrandSettings {
  if (!isRecord(stored)) return NO_BRANDS;
  const competitors = Array.isArray(stored.competitors) ? stored.competitors : [];
  return {
    own: readBrand(stored.own),
    competitors: competitors
      .map(readBrand)
      .filter((brand) => brand.name !== '' || brand.domains.length > 0)
      .slice(0, MAX_COMPETITORS),
  };
}
