import { compareNames } from './ranking';

/** A domain that cites competitors but never the user's brand. */
export interface GapDomain {
  domain: string;
  /** Answers naming a competitor (citing or mentioning it) that cite a page of the domain. */
  answers: number;
  /** The competitors those answers name, in the settings' order. */
  competitors: string[];
}

/** What the gap list reads of one answer. */
export interface GapAnswer {
  /** The domains of the pages it cites that belong to no brand, each once. */
  otherDomains: ReadonlySet<string>;
  /** It cites or mentions the user's brand. */
  namesOwn: boolean;
  /** The places (brand-matcher.ts) of the competitors it cites or mentions. */
  competitors: ReadonlySet<number>;
}

/**
 * "Domains that cite competitors but never you": the domains of the pages cited in answers that cite or
 * mention a competitor, less every domain cited in an answer that cites or mentions the user's brand, and
 * never a domain of any brand. An answer whose text was not kept names a brand only by citing it. Most
 * answers first, then by name.
 */
export class GapDomains {
  readonly #brandNames: readonly string[];
  readonly #withCompetitors = new Map<string, { answers: number; competitors: Set<number> }>();
  readonly #withOwn = new Set<string>();

  /** `brandNames` in the brand matcher's order, the user's own first. */
  constructor(brandNames: readonly string[]) {
    this.#brandNames = brandNames;
  }

  add(answer: GapAnswer): void {
    for (const domain of answer.otherDomains) {
      if (answer.namesOwn) this.#withOwn.add(domain);
      if (answer.competitors.size === 0) continue;
      const known = this.#withCompetitors.get(domain) ?? { answers: 0, competitors: new Set<number>() };
      known.answers += 1;
      for (const competitor of answer.competitors) known.competitors.add(competitor);
      this.#withCompetitors.set(domain, known);
    }
  }

  list(): GapDomain[] {
    return [...this.#withCompetitors]
      .filter(([domain]) => !this.#withOwn.has(domain))
      .map(([domain, { answers, competitors }]) => ({
        domain,
        answers,
        competitors: [...competitors].sort((a, b) => a - b).map((place) => this.#brandNames[place] ?? ''),
      }))
      .sort((a, b) => b.answers - a.answers || compareNames(a.domain, b.domain));
  }
}
