import type { Brand, BrandSettings } from '@/lib/library/brand-settings';

/** A brand as its form holds it: the lists as the text typed, until saved. */
export interface BrandDraft {
  /** Tells the competitors' forms apart while they are added and removed. */
  key: number;
  name: string;
  /** "example.com, example.co.uk" */
  domains: string;
  mentions: string;
}

export interface BrandsDraft {
  own: BrandDraft;
  competitors: BrandDraft[];
}

export const emptyDraft = (key: number): BrandDraft => ({ key, name: '', domains: '', mentions: '' });

const draftOf = (brand: Brand, key: number): BrandDraft => ({
  key,
  name: brand.name,
  domains: brand.domains.join(', '),
  mentions: brand.mentions.join(', '),
});

/** The form of the saved brands; the competitors keyed from 1 (the user's own is 0). */
export const brandsDraftOf = (brands: BrandSettings): BrandsDraft => ({
  own: draftOf(brands.own, 0),
  competitors: brands.competitors.map((brand, place) => draftOf(brand, place + 1)),
});

/** A list typed into one field: split at commas and line breaks, blanks dropped. */
const listOf = (typed: string): string[] =>
  typed
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');

const brandOf = (draft: BrandDraft): Brand => ({
  name: draft.name.trim(),
  domains: listOf(draft.domains),
  mentions: listOf(draft.mentions),
});

/** What is saved: competitors left wholly blank are dropped (readBrandSettings cleans the rest). */
export const brandsOfDraft = (draft: BrandsDraft): BrandSettings => ({
  own: brandOf(draft.own),
  competitors: draft.competitors
    .map(brandOf)
    .filter((brand) => brand.name !== '' || brand.domains.length > 0 || brand.mentions.length > 0),
});
