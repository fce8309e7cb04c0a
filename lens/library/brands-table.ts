import { isPrompted } from '@/lib/library/answers';
import { BrandMatcher, OWN } from '@/lib/library/brand-matcher';
import { type BrandSettings, namesAnyBrand } from '@/lib/library/brand-settings';
import { summaryTable } from '@/lib/library/library-table';
import { wilsonInterval } from '@/lib/library/proportion-interval';
import type { RowOf } from '@/lib/library/table-column';
import {
  answeredBrands,
  type BrandCounts,
  type BrandShares,
  BrandTallies,
  isBranded,
  NOT_NAMED,
  PROMPT_KINDS,
  type PromptKind,
} from './brands';
import type { LibraryConversation } from './library-record';

/** The two columns of a share's Wilson interval (proportion-interval.ts), named after the share's. */
const shareColumns = <const Name extends string>(name: Name) =>
  [
    { name: `${name}_low`, type: 'number', meaning: `the low end of the 95% Wilson interval of ${name}` },
    { name: `${name}_high`, type: 'number', meaning: 'its high end' },
  ] as const;

const COLUMNS = [
  { name: 'brand', type: 'string', meaning: 'the brand, as the Brands tab names it' },
  { name: 'own', type: 'boolean', meaning: "true for the user's own brand, false for a competitor" },
  {
    name: 'split',
    type: 'string',
    meaning: "`all` prompts, `branded` ones (that name the user's brand or a competitor) or `unbranded` ones",
  },
  {
    name: 'model',
    type: 'string',
    meaning: 'the model that answered; null on the row of every model (a turn of no model counts there only)',
  },
  { name: 'answers', type: 'integer', meaning: 'the answers to the prompts of the split' },
  {
    name: 'answers_read',
    type: 'integer',
    meaning: 'of them, those kept with their text (always 0 from `inspect`, which keeps none)',
  },
  { name: 'cited_answers', type: 'integer', meaning: "the answers that cite a page on the brand's domains" },
  { name: 'cited_presence', type: 'number', meaning: 'cited_answers / answers; null when answers is 0' },
  ...shareColumns('cited_presence'),
  { name: 'named_answers', type: 'integer', meaning: 'the answers read that name the brand' },
  { name: 'named_presence', type: 'number', meaning: 'named_answers / answers_read; null when that is 0' },
  ...shareColumns('named_presence'),
  {
    name: 'cited_pages',
    type: 'integer',
    meaning: "the cited pages on the brand's domains, once per answer and page",
  },
  { name: 'cited_pages_total', type: 'integer', meaning: 'every cited page of the answers, any domain' },
  { name: 'citation_share', type: 'number', meaning: 'cited_pages / cited_pages_total' },
  ...shareColumns('citation_share'),
  { name: 'mentions', type: 'integer', meaning: 'how often the answers read name the brand, in whole words' },
  { name: 'mentions_total', type: 'integer', meaning: 'the mentions of every brand in them' },
  { name: 'mention_share', type: 'number', meaning: 'mentions / mentions_total' },
  ...shareColumns('mention_share'),
  {
    name: 'answers_naming_brands',
    type: 'integer',
    meaning: 'the answers read that name any brand: what named_first is out of',
  },
  {
    name: 'named_first',
    type: 'integer',
    meaning: 'the answers whose first brand named is this one (analysis "Position in the answer")',
  },
  { name: 'named_first_share', type: 'number', meaning: 'named_first / answers_naming_brands' },
  ...shareColumns('named_first_share'),
  {
    name: 'mean_position',
    type: 'number',
    meaning:
      'the mean, over the answers that name the brand (named_answers), of its position: the rank, from 1, of its first mention among the brands the answer names; null when none does',
  },
  {
    name: 'mean_position_low',
    type: 'number',
    meaning: 'the low end of its normal 95% interval, mean ± 1.96 · s / √n, at least 1; null under 2 answers',
  },
  { name: 'mean_position_high', type: 'number', meaning: 'its high end, at most the number of brands' },
  {
    name: 'last_answered',
    type: 'timestamp',
    meaning: 'when the last answer counted was given; null when none is dated',
  },
] as const;

type BrandRow = RowOf<typeof COLUMNS>;

/** A share's cells: its count out of its total, and its interval. */
function shareCells(count: number, total: number) {
  const interval = wilsonInterval(count, total);
  return {
    share: total === 0 ? null : count / total,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
  };
}

const countAt = (counts: BrandCounts, place: number): number =>
  place === OWN ? counts.own : (counts.competitors[place - 1]?.count ?? 0);

function brandRow(
  brand: string,
  place: number,
  split: PromptKind,
  model: string | null,
  shares: BrandShares,
  lastAnswered: number | null,
): BrandRow {
  const { citationShare, mentionShare, citedPresence, namedPresence, namedFirst, meanPosition } = shares;
  const position = place === OWN ? meanPosition.own : (meanPosition.competitors[place - 1] ?? NOT_NAMED);
  const cited = shareCells(countAt(citedPresence, place), citedPresence.total);
  const named = shareCells(countAt(namedPresence, place), namedPresence.total);
  const citation = shareCells(countAt(citationShare, place), citationShare.total);
  const mention = shareCells(countAt(mentionShare, place), mentionShare.total);
  const first = shareCells(countAt(namedFirst, place), namedFirst.total);
  return {
    brand,
    own: place === OWN,
    split,
    model,
    answers: citedPresence.total,
    answers_read: namedPresence.total,
    cited_answers: countAt(citedPresence, place),
    cited_presence: cited.share,
    cited_presence_low: cited.low,
    cited_presence_high: cited.high,
    named_answers: countAt(namedPresence, place),
    named_presence: named.share,
    named_presence_low: named.low,
    named_presence_high: named.high,
    cited_pages: countAt(citationShare, place),
    cited_pages_total: citationShare.total,
    citation_share: citation.share,
    citation_share_low: citation.low,
    citation_share_high: citation.high,
    mentions: countAt(mentionShare, place),
    mentions_total: mentionShare.total,
    mention_share: mention.share,
    mention_share_low: mention.low,
    mention_share_high: mention.high,
    answers_naming_brands: namedFirst.total,
    named_first: countAt(namedFirst, place),
    named_first_share: first.share,
    named_first_share_low: first.low,
    named_first_share_high: first.high,
    mean_position: position.mean,
    mean_position_low: position.interval?.low ?? null,
    mean_position_high: position.interval?.high ?? null,
    last_answered: lastAnswered,
  };
}

/** The tallies of one model's answers (or every model's), and when the last of them was given. */
interface ModelTallies {
  tallies: BrandTallies;
  last: number | null;
}

/** What the brands table gathers, conversation by conversation: tallies per model and over all of them. */
class BrandsGathering {
  readonly #matcher: BrandMatcher;
  readonly #names: string[];
  readonly #byModel = new Map<string | null, ModelTallies>();

  constructor(brands: BrandSettings) {
    this.#matcher = new BrandMatcher(brands);
    this.#names = this.#matcher.brands.map((brand) => brand.name);
  }

  #of(model: string | null): ModelTallies {
    let found = this.#byModel.get(model);
    if (found === undefined) {
      found = { tallies: new BrandTallies(this.#names), last: null };
      this.#byModel.set(model, found);
    }
    return found;
  }

  add(record: LibraryConversation): void {
    for (const turn of record.turns.filter(isPrompted)) {
      const answer = answeredBrands(turn, this.#matcher);
      const branded = isBranded(turn, this.#matcher);
      const at = turn.at ?? record.createdAt;
      // Every answer counts in the row of every model, and in its own model's when it names one.
      for (const model of turn.model === null ? [null] : [null, turn.model]) {
        const tallied = this.#of(model);
        tallied.tallies.add(answer, branded);
        if (at !== null && (tallied.last === null || at > tallied.last)) tallied.last = at;
      }
    }
  }

  *rows(): Iterable<BrandRow> {
    // The row of every model first, then each model's in order of name.
    this.#of(null);
    const models = [...this.#byModel.keys()].sort((a, b) =>
      a === null ? -1 : b === null ? 1 : a.localeCompare(b),
    );
    for (const model of models) {
      const { tallies, last } = this.#of(model);
      const shares = tallies.shares();
      for (const [place, brand] of this.#names.entries())
        for (const split of PROMPT_KINDS) yield brandRow(brand, place, split, model, shares[split], last);
    }
  }
}

/**
 * One row per brand × split × model (export-format "The brands table"): the Brands tab's figures as the
 * files hold them. It sums up every conversation, so its rows come once all were read; it has none when no
 * brand is set.
 */
export const BRANDS_TABLE = summaryTable({
  name: 'brands',
  grain: 'one row per brand × split (all, branded, unbranded prompts) × model, and × every model',
  columns: COLUMNS,
  // A row goes with the month of the last answer it counts, as a prompt's row does.
  dataset: { version: 1, monthFrom: ['last_answered'] },
  gather: ({ brands }) => {
    const gathering = brands === null || !namesAnyBrand(brands) ? null : new BrandsGathering(brands);
    return {
      add: (conversation: LibraryConversation) => gathering?.add(conversation),
      rows: () => gathering?.rows() ?? [],
    };
  },
});
