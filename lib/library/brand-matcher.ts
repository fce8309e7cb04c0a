import type { Brand, BrandSettings } from './brand-settings';

/** Where a brand's domain begins in what a user may type: a scheme, a `www.`; a path ends it. */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;
const AFTER_HOST = /[/?#:].*$/;

const brandDomain = (typed: string): string =>
  typed
    .trim()
    .toLowerCase()
    .replace(SCHEME, '')
    .replace(AFTER_HOST, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');

/** What a word is made of: a mention must not be part of a longer word ("Acme" is not in "Acmeware"). */
const WORD_PART = '[\\p{L}\\p{N}\\p{M}_]';
/** The characters a pattern gives a meaning: the only ones a Unicode pattern lets be escaped. */
const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/**
 * One pattern for all of a brand's words, longest first so "Acme Corp" is one mention, not also "Acme";
 * whole words in any case, letters of any script. null for a brand with no words.
 */
function mentionPattern(words: readonly string[]): RegExp | null {
  const alternatives = [...new Set(words.map((word) => word.trim().normalize('NFC')))]
    .filter((word) => word !== '')
    .sort((a, b) => b.length - a.length)
    .map((word) => word.replace(REGEX_SYNTAX, '\\$&'));
  if (alternatives.length === 0) return null;
  return new RegExp(`(?<!${WORD_PART})(?:${alternatives.join('|')})(?!${WORD_PART})`, 'giu');
}

interface MatchedBrand {
  name: string;
  domains: string[];
  mentions: RegExp | null;
}

function matchedBrand(brand: Brand, fallbackName: string): MatchedBrand {
  const domains = [...new Set(brand.domains.map(brandDomain))].filter((domain) => domain !== '');
  return {
    name: brand.name.trim() || domains[0] || brand.mentions[0]?.trim() || fallbackName,
    domains,
    // A brand with no words of its own is named by its name.
    mentions: mentionPattern(brand.mentions.length > 0 ? brand.mentions : [brand.name]),
  };
}

/** Where a brand is first named in a text: the offset of its first mention and that mention's length. */
export interface FirstMention {
  at: number;
  length: number;
}

/** The place of the user's own brand among `BrandMatcher.brands`; the competitors follow in their order. */
export const OWN = 0;

/** Which brand a page belongs to and which an answer names, for the brand report (brands.ts). */
export class BrandMatcher {
  /** The user's own brand first (OWN), then the competitors in the settings' order. */
  readonly brands: readonly MatchedBrand[];
  readonly #owners = new Map<string, number | null>();

  constructor(settings: BrandSettings) {
    this.brands = [
      matchedBrand(settings.own, ''),
      ...settings.competitors.map((brand, place) => matchedBrand(brand, `Competitor ${place + 1}`)),
    ];
  }

  /**
   * The brand whose domain a page's domain is, or is a subdomain of; the longest such domain wins (a
   * competitor's `shop.example.com` inside the user's `example.com`); null for none.
   */
  ownerOf(domain: string | null): number | null {
    if (domain === null) return null;
    const known = this.#owners.get(domain);
    if (known !== undefined) return known;
    const host = brandDomain(domain);
    let owner: number | null = null;
    let longest = 0;
    this.brands.forEach((brand, place) => {
      for (const own of brand.domains) {
        if (own.length > longest && (host === own || host.endsWith(`.${own}`))) {
          owner = place;
          longest = own.length;
        }
      }
    });
    this.#owners.set(domain, owner);
    return owner;
  }

  /** How often each brand is named in a text, in the order of `brands`. */
  mentionsIn(text: string): number[] {
    const normalized = text.normalize('NFC');
    return this.brands.map((brand) =>
      brand.mentions === null ? 0 : (normalized.match(brand.mentions)?.length ?? 0),
    );
  }

  /** Where each brand is first named in a text, in the order of `brands`; null for a brand not named. */
  firstMentionsIn(text: string): (FirstMention | null)[] {
    const normalized = text.normalize('NFC');
    return this.brands.map(({ mentions }) => {
      if (mentions === null) return null;
      mentions.lastIndex = 0;
      const found = mentions.exec(normalized);
      mentions.lastIndex = 0;
      return found === null ? null : { at: found.index, length: found[0].length };
    });
  }
}
