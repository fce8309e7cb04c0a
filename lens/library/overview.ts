import { byCountThenName } from '@/lib/library/ranking';
import { mondayMs, weekRange } from '@/lib/library/week';
import type { LibraryAccount } from './library-record';
import type { LibrarySummary, Tally } from './library-summary';

/** A domain's cited pages and their part of all cited pages. */
export interface DomainShare {
  domain: string;
  count: number;
  /** 0..1 of all cited pages. */
  share: number;
}

export interface WeekActivity {
  /** The week's Monday, "YYYY-MM-DD" (week.ts). */
  week: string;
  /** Prompted turns sent that week. */
  turns: number;
  /** Conversations with a prompted turn that week. */
  conversations: number;
}

/** What the library page shows first, from the summaries alone (architecture "The library"). */
export interface LibraryOverview {
  conversations: number;
  turns: number;
  searchedTurns: number;
  knownSearchTurns: number;
  searches: number;
  /**
   * The top domains by cited pages, most first (ties by name), and one last row `{domain: 'other', ...}`
   * for the rest when there is a rest.
   */
  citedDomains: DomainShare[];
  topQueries: Tally[];
  /** Of the conversations' ads and the account's (a data export's ads of no conversation). */
  topAdvertisers: Tally[];
  topMerchants: Tally[];
  /** Every week from the first to the last with activity, empty weeks included, oldest first. */
  weeks: WeekActivity[];
  /** Conversations in which every shape was read (export-format "`unread`"). */
  readInFull: number;
  /** Conversations whose record says whether every shape was read: readInFull's denominator. */
  healthKnown: number;
  /** The interests ChatGPT's ads inferred, and when the data export that said so was imported; null when none. */
  interests: { names: string[]; importedAt: number } | null;
}

/** The row that gathers the domains below the top ones. */
export const OTHER_DOMAINS = 'other';

const DEFAULT_TOP = 10;

function addTallies(into: Map<string, number>, tallies: readonly Tally[]): void {
  for (const [name, count] of tallies) into.set(name, (into.get(name) ?? 0) + count);
}

/** Every tally, summed over the lists, most first and ties by name. */
function ranked(lists: Iterable<readonly Tally[]>): Tally[] {
  const counts = new Map<string, number>();
  for (const tallies of lists) addTallies(counts, tallies);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort(byCountThenName)
    .map(({ name, count }): Tally => [name, count]);
}

function citedDomainsOf(summaries: readonly LibrarySummary[], top: number): DomainShare[] {
  const all = ranked(summaries.map((summary) => summary.citedDomains));
  const total = all.reduce((sum, [, count]) => sum + count, 0);
  const share = (domain: string, count: number): DomainShare => ({ domain, count, share: count / total });
  const rows = all.slice(0, top).map(([domain, count]) => share(domain, count));
  const rest = all.slice(top).reduce((sum, [, count]) => sum + count, 0);
  return rest > 0 ? [...rows, share(OTHER_DOMAINS, rest)] : rows;
}

function weeksOf(summaries: readonly LibrarySummary[]): WeekActivity[] {
  const activity = new Map<string, WeekActivity>();
  for (const summary of summaries) {
    for (const [week, turns] of summary.weeks) {
      if (turns <= 0 || Number.isNaN(mondayMs(week))) continue;
      const known = activity.get(week) ?? { week, turns: 0, conversations: 0 };
      known.turns += turns;
      known.conversations += 1;
      activity.set(week, known);
    }
  }
  return weekRange(activity.keys()).map((week) => activity.get(week) ?? { week, turns: 0, conversations: 0 });
}

const sumOf = (summaries: readonly LibrarySummary[], pick: (summary: LibrarySummary) => number): number =>
  summaries.reduce((sum, summary) => sum + pick(summary), 0);

/** An advertiser per ad of the account's record, as a summary tallies a conversation's. */
const accountAdvertisers = (account: LibraryAccount | null): Tally[] =>
  (account?.ads ?? []).flatMap((ad): Tally[] => (ad.advertiser ? [[ad.advertiser, 1]] : []));

/**
 * The library's overview: totals, the top `top` of each tally, the weeks, and what data exports said of
 * the account (architecture "The library").
 */
export function overviewOf(
  summaries: readonly LibrarySummary[],
  account: LibraryAccount | null = null,
  top = DEFAULT_TOP,
): LibraryOverview {
  const searchedTurns = sumOf(summaries, (summary) => summary.searchedTurns);
  const knownSearchTurns = sumOf(summaries, (summary) => summary.knownSearchTurns);
  const limit = Math.max(0, Math.floor(top));
  return {
    conversations: summaries.length,
    turns: sumOf(summaries, (summary) => summary.turns),
    searchedTurns,
    knownSearchTurns,
    searches: sumOf(summaries, (summary) => summary.searches),
    citedDomains: citedDomainsOf(summaries, limit),
    topQueries: ranked(summaries.map((summary) => summary.queries)).slice(0, limit),
    topAdvertisers: ranked([
      ...summaries.map((summary) => summary.advertisers),
      accountAdvertisers(account),
    ]).slice(0, limit),
    topMerchants: ranked(summaries.map((summary) => summary.merchants)).slice(0, limit),
    weeks: weeksOf(summaries),
    readInFull: summaries.filter((summary) => summary.shapesNotRead === 0).length,
    healthKnown: summaries.filter((summary) => summary.shapesNotRead != null).length,
    interests:
      account === null || account.interests.length === 0
        ? null
        : { names: [...account.interests], importedAt: account.savedAt },
  };
}
