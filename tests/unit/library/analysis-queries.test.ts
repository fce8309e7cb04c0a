import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountShownAds,
  adRates,
  answersOf,
  contestedPrompts,
  creativesOf,
  type Rate,
  shareOfVoice,
  shownAdsOf,
  weekOverWeek,
} from '@/features/ads/ad-intelligence';
import { ADS_TABLE } from '@/features/ads/ads-table';
import { paidOrganicByAdvertiser } from '@/features/ads/paid-organic';
import { QueryFanouts } from '@/features/queries/fanout';
import { promptVariances } from '@/features/queries/prompt-variance';
import { type BrandCounts, brandReport, PROMPT_KINDS } from '@/lens/library/brands';
import { writeDataset } from '@/lens/library/dataset-writer';
import { directoryDatasetFolder } from '@/lens/library/directory-dataset-folder';
import type { LibraryAccount, LibraryConversation, LibraryTurn } from '@/lens/library/library-record';
import { LIBRARY_TABLES } from '@/lens/library/library-tables';
import { promptCells } from '@/lens/library/prompts-table';
import { weeklyTrends } from '@/lens/library/weekly-trends';
import { comparedText } from '@/lib/library/answers';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { wilsonInterval } from '@/lib/library/proportion-interval';
import { LIST_SEPARATOR } from '@/lib/library/table-column';
import { ad, libraryConversation, page, turn } from '@/tests/support/library-records';
import { memoryDirectory } from '@/tests/support/memory-directory';

/*
 * Every SQL block of docs/analysis.md, run over a team dataset of three members written by the dataset
 * writer, gives the numbers the library's own code gives for the members' conversations together.
 */

/** The brands the document's `setup: brands` block names. */
const BRANDS: BrandSettings = {
  own: { name: 'Acme', domains: ['acme.example'], mentions: ['Acme'] },
  competitors: [
    {
      name: 'Birch Outfitters',
      domains: ['birch.example', 'birchgear.example'],
      mentions: ['Birch Outfitters', 'Birch'],
    },
    { name: 'Ödland', domains: ['odland.example', 'outlet.acme.example'], mentions: ['Ödland'] },
  ],
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 3, 6, 9, 30);
const BOOTS = 'Best waterproof hiking boots?';
const LEATHER = 'How do I waterproof leather?';

/** A turn asking `prompt`, running search `queries`, with `pages`. */
function asked(
  index: number,
  prompt: string,
  queries: readonly string[],
  pages: LibraryTurn['pages'],
  extra: Partial<LibraryTurn> = {},
): LibraryTurn {
  return turn(index, {
    prompt,
    searched: queries.length > 0,
    queries: queries.map((text, order) => ({ text, kind: 'search' as const, order })),
    pages,
    ...extra,
  });
}

const cited = (url: string, foundBy: string[] = []) =>
  page(url, { cited: true, citations: 1, retrieved: foundBy.length > 0, foundBy });

/**
 * "Best waterproof hiking boots?" is asked by all three, with other queries and domains each time;
 * "How do I waterproof leather?" twice and never searched; prompts naming Acme and Birch, and Ödland in
 * lower case, and "ödlandish", which names none. Alice has a regenerated answer, a branch version the
 * joined table does not hold. Ads run beside answers that cite their advertiser, name it, or neither; some
 * answers are kept with their text. Week by week, Birch's ads come, then Cedar's, and Acme's and Birch's
 * go when Carol's follow-up, in the week after the one her conversation began in, is served Cedar's alone.
 */
const ALICE: LibraryConversation[] = [
  libraryConversation(
    'a1',
    [
      turn(0, { prompt: null }),
      asked(
        1,
        BOOTS,
        ['best waterproof hiking boots', 'waterproof boots review'],
        [
          cited('https://acme.example/boots', ['best waterproof hiking boots', 'waterproof boots review']),
          cited('https://www.birch.example/trail', ['best waterproof hiking boots']),
          page('https://review.example/boots', { foundBy: ['waterproof boots review'] }),
          cited('https://outlet.acme.example/sale'),
        ],
        { at: T0, answer: 'Acme and Birch both make a good waterproof boot.' },
      ),
      asked(2, 'Is Acme better than Birch?', [], [], {
        at: T0 + DAY,
        searched: false,
        answer: 'It depends on the fit.',
      }),
    ],
    {
      answerTextKept: true,
      createdAt: T0,
      ads: [
        ad({ turnIndex: 1 }),
        ad({ turnIndex: 2, advertiser: 'Birch Outfitters', advertiserUrl: 'https://birch.example/' }),
      ],
      versions: [
        {
          ...asked(1, BOOTS, ['hiking boots rain'], [cited('https://odland.example/boots')], { at: T0 }),
          versionOf: 1,
        },
      ],
    },
  ),
  libraryConversation('a2', [asked(1, LEATHER, [], [], { at: T0 + 2 * DAY, searched: false })], {
    createdAt: T0 + 2 * DAY,
  }),
];

const BOB: LibraryConversation[] = [
  libraryConversation(
    'b1',
    [
      // A search with no prompt: no answer the Brands tab counts.
      turn(0, { prompt: null, pages: [cited('https://acme.example/system')] }),
      asked(
        1,
        '  best WATERPROOF   hiking boots? ',
        ['Best waterproof hiking boots', 'boots for rain'],
        [
          cited('https://shop.birchgear.example/rain', ['boots for rain']),
          cited('https://forum.example/t/1'),
        ],
      ),
      asked(2, 'are ödland boots any good', ['odland boots review'], [cited('https://odland.example/')]),
    ],
    {
      createdAt: null,
      ads: [
        // Cited on a subdomain of its site.
        ad({ turnIndex: 1, advertiser: 'Birch Outfitters', advertiserUrl: 'https://birchgear.example/' }),
        ad({ turnIndex: 2, advertiser: null, advertiserUrl: null, link: null }),
      ],
    },
  ),
  libraryConversation(
    'b2',
    [
      asked(
        1,
        'ödlandish trail shoes for winter',
        ['winter trail shoes'],
        [cited('https://acme.example/winter')],
      ),
    ],
    { createdAt: T0 + 3 * DAY },
  ),
];

const CAROL: LibraryConversation[] = [
  libraryConversation(
    'c1',
    [
      asked(
        1,
        'BEST waterproof hiking boots?',
        ['hiking boots 2026'],
        [cited('https://odland.example/boots')],
        {
          at: T0 + 9 * DAY,
          answer: 'Ödland and Acme lead this year; Cedar trails.',
        },
      ),
      asked(2, ' how do I waterproof  leather?', [], [], {
        at: T0 + 14 * DAY,
        searched: null,
        answer: 'Use a wax.',
      }),
    ],
    {
      answerTextKept: true,
      createdAt: T0 + 9 * DAY,
      ads: [
        ad({ turnIndex: 1 }),
        ad({ turnIndex: 1, advertiser: 'Cedar Gear', advertiserUrl: 'https://cedar.example/' }),
        ad({ turnIndex: 2, advertiser: 'Cedar Gear', advertiserUrl: 'https://cedar.example/' }),
        ad({ turnIndex: null, advertiser: 'Birch Outfitters' }),
      ],
    },
  ),
];

/** `count` ads of `advertiser` in an ad history, an hour apart from `from`. */
const historyAds = (advertiser: string | null, count: number, from: number) =>
  Array.from({ length: count }, (_, hour) =>
    ad({ turnIndex: null, advertiser, title: null, link: null, shownAt: from + hour * HOUR }),
  );

/**
 * Carol's ad history: ads of no conversation, dated, and one not (which no ad figure counts). Weeks before
 * the others, Elm has one of seven ads, then all five the next week, its share up beyond its interval while
 * Fir's and the unnamed one go; a week without ads follows, so the week after it is compared with none.
 */
const CAROL_ACCOUNT: LibraryAccount = {
  interests: [],
  profileVersion: 1,
  ads: [
    ad({ turnIndex: null, advertiser: 'Acme', shownAt: T0 - DAY }),
    ad({ turnIndex: null, advertiser: 'Dune', title: 'Dune tents', shownAt: null }),
    ...historyAds('Elm', 1, T0 - 28 * DAY),
    ...historyAds('Fir', 5, T0 - 27 * DAY),
    ...historyAds(null, 1, T0 - 26 * DAY),
    ...historyAds('Elm', 5, T0 - 21 * DAY),
  ],
  savedAt: 0,
};

const MEMBERS = [
  { name: 'alice', records: ALICE, account: null },
  { name: 'bob', records: BOB, account: null },
  { name: 'carol', records: CAROL, account: CAROL_ACCOUNT },
];
const ALL_RECORDS = MEMBERS.flatMap((member) => member.records);
/** The members' answers and ads together: their conversation ids differ, so no two answers are one. */
const ALL_ANSWERS = ALL_RECORDS.flatMap(answersOf);
const ALL_ADS = [
  ...ALL_RECORDS.flatMap(shownAdsOf),
  ...MEMBERS.flatMap((member) => accountShownAds(member.account)),
];

/** The SQL blocks of the document, each tagged by its first line: `-- setup: …` or `-- figure: …`. */
async function documentBlocks(): Promise<{ tag: string; sql: string }[]> {
  const path = fileURLToPath(new URL('../../../docs/analysis.md', import.meta.url));
  const text = await readFile(path, 'utf8');
  return [...text.matchAll(/^```sql\n([\s\S]*?)^```$/gm)].map((match) => {
    const sql = match[1] ?? '';
    return { tag: /^-- (setup|figure): ([\w-]+)\n/.exec(sql)?.slice(1).join(': ') ?? '', sql };
  });
}

type Row = Record<string, unknown>;

const number = (value: unknown): number | null => (value === null ? null : Number(value));
/** DuckDB's TIMESTAMP as JSON, `2026-04-06 09:30:00`, in milliseconds. */
const millis = (value: unknown): number | null =>
  value === null ? null : Date.parse(`${String(value).replace(' ', 'T')}Z`);

/** Both null, or within 1e-9 of each other. */
function expectClose(actual: unknown, expected: number | null, what: string): void {
  if (expected === null) expect(actual, what).toBeNull();
  else expect(Math.abs(Number(actual) - expected), `${what}: ${actual} ≠ ${expected}`).toBeLessThan(1e-9);
}

/** A row's count, its whole, its share and its interval, against the library's rate. */
function expectRate(row: Row, [count, of, share, low, high]: string[], rate: Rate, what: string): void {
  expect([number(row[count ?? '']), number(row[of ?? ''])], what).toEqual([rate.count, rate.of]);
  expectClose(row[share ?? ''], rate.share, what);
  expectClose(row[low ?? ''], rate.interval?.low ?? null, what);
  expectClose(row[high ?? ''], rate.interval?.high ?? null, what);
}

const AD_RATE = ['answers_with_ads', 'answers', 'ad_rate', 'ad_rate_low', 'ad_rate_high'];
/** A week-over-week row's columns of the week before, and of this week. */
const SHARE_BEFORE = [
  'ads_before',
  'all_ads_before',
  'share_before',
  'share_before_low',
  'share_before_high',
];
const SHARE_AFTER = ['ads_after', 'all_ads_after', 'share_after', 'share_after_low', 'share_after_high'];

/** A brand's count among `counts`, by its name. */
const countOf = (counts: BrandCounts, brand: string): number =>
  brand === BRANDS.own.name
    ? counts.own
    : (counts.competitors.find((competitor) => competitor.name === brand)?.count ?? -1);

const BRAND_NAMES = [BRANDS.own.name, ...BRANDS.competitors.map((brand) => brand.name)];

async function rowsOf(connection: DuckDBConnection, sql: string): Promise<Row[]> {
  return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Row[];
}

/**
 * Each block's check, by its tag, in the document's order: the brands against the settings the library is
 * given, the answers' kinds of prompts, and each figure against the library's own numbers.
 */
const CHECKS: Record<string, (rows: Row[], connection: DuckDBConnection) => void | Promise<void>> = {
  'setup: brands': async (_rows, connection) => {
    const settings = [BRANDS.own, ...BRANDS.competitors];
    expect(await rowsOf(connection, 'select brand, domain from brand_domains')).toEqual(
      settings.flatMap((brand) => brand.domains.map((domain) => ({ brand: brand.name, domain }))),
    );
    expect(await rowsOf(connection, 'select brand, word from brand_words')).toEqual(
      settings.flatMap((brand) => brand.mentions.map((word) => ({ brand: brand.name, word }))),
    );
  },
  'setup: answers': async (_rows, connection) => {
    // The fixture has both kinds of prompts, and Ödland's prompt in lower case is branded.
    expect(await rowsOf(connection, 'select prompt from answers where branded order by prompt')).toEqual([
      { prompt: 'Is Acme better than Birch?' },
      { prompt: 'are ödland boots any good' },
    ]);
  },
  'figure: share-of-voice': (rows) => {
    const shares = brandReport(ALL_RECORDS, BRANDS).shares;
    expect(rows.map((row) => [row.prompts, row.brand]).sort()).toEqual(
      PROMPT_KINDS.flatMap((kind) => BRAND_NAMES.map((brand) => [kind, brand])).sort(),
    );
    for (const row of rows) {
      const share = shares[row.prompts as (typeof PROMPT_KINDS)[number]].citationShare;
      const count = countOf(share, String(row.brand));
      const what = `${row.prompts} ${row.brand}`;
      expect([number(row.cited_pages), number(row.all_cited_pages)], what).toEqual([count, share.total]);
      const interval = wilsonInterval(count, share.total);
      expectClose(row.share, share.total === 0 ? null : count / share.total, what);
      expectClose(row.share_low, interval?.low ?? null, what);
      expectClose(row.share_high, interval?.high ?? null, what);
    }
  },
  'figure: presence-by-prompt': (rows) => {
    const shares = brandReport(ALL_RECORDS, BRANDS).shares;
    expect(rows).toHaveLength(PROMPT_KINDS.length * BRAND_NAMES.length);
    for (const row of rows) {
      const presence = shares[row.prompts as (typeof PROMPT_KINDS)[number]].citedPresence;
      const count = countOf(presence, String(row.brand));
      const what = `${row.prompts} ${row.brand}`;
      expect([number(row.prompts_citing), number(row.all_prompts)], what).toEqual([count, presence.total]);
      const interval = wilsonInterval(count, presence.total);
      expectClose(row.presence, presence.total === 0 ? null : count / presence.total, what);
      expectClose(row.presence_low, interval?.low ?? null, what);
      expectClose(row.presence_high, interval?.high ?? null, what);
    }
  },
  'figure: weekly-citation-share': (rows) => {
    const { weeks, citationShare } = weeklyTrends(ALL_RECORDS, BRANDS);
    const cited = weeks.flatMap((week, at) => ((citationShare?.totals[at] ?? 0) > 0 ? [week] : []));
    expect(cited.length).toBeGreaterThan(1);
    expect(rows.map((row) => [row.week, row.brand]).sort()).toEqual(
      cited.flatMap((week) => BRAND_NAMES.map((brand) => [week, brand])).sort(),
    );
    for (const row of rows) {
      const at = weeks.indexOf(String(row.week));
      const line = citationShare?.lines.find((candidate) => candidate.name === row.brand);
      const what = `${row.week} ${row.brand}`;
      expect(number(row.all_cited_pages), what).toBe(citationShare?.totals[at]);
      expectClose(row.share, line?.values[at] ?? null, what);
    }
  },
  'figure: brand-position': (rows) => {
    // Both answers naming Acme are read: Alice's names it first, Carol's second, after Ödland.
    const shares = brandReport(ALL_RECORDS, BRANDS).shares;
    expect(shares.all.meanPosition.own).toMatchObject({ answers: 2, mean: 1.5 });
    expect(rows.map((row) => [row.prompts, row.brand]).sort()).toEqual(
      PROMPT_KINDS.flatMap((kind) => BRAND_NAMES.map((brand) => [kind, brand])).sort(),
    );
    for (const row of rows) {
      const of = shares[row.prompts as (typeof PROMPT_KINDS)[number]];
      const brand = String(row.brand);
      const what = `${row.prompts} ${brand}`;
      const first = countOf(of.namedFirst, brand);
      const total = of.namedFirst.total;
      expect([number(row.named_first), number(row.answers_naming_brands)], what).toEqual([first, total]);
      expectClose(row.named_first_share, total === 0 ? null : first / total, what);
      expectClose(row.named_first_low, wilsonInterval(first, total)?.low ?? null, what);
      expectClose(row.named_first_high, wilsonInterval(first, total)?.high ?? null, what);
      const position =
        brand === BRANDS.own.name
          ? of.meanPosition.own
          : of.meanPosition.competitors.find((competitor) => competitor.name === brand);
      expect(number(row.named_answers), what).toBe(position?.answers);
      expectClose(row.mean_position, position?.mean ?? null, what);
      expectClose(row.mean_position_low, position?.interval?.low ?? null, what);
      expectClose(row.mean_position_high, position?.interval?.high ?? null, what);
    }
  },
  'figure: prompt-variance': (rows) => {
    // The joined table holds the turns the site shows: no branch versions.
    const shown = ALL_RECORDS.map((record) => ({ ...record, versions: [] }));
    const variances = promptVariances(shown, BRANDS);
    expect(rows.map((row) => row.prompt).sort()).toEqual(
      variances.map((variance) => comparedText(variance.prompt)).sort(),
    );
    for (const variance of variances) {
      const row = rows.find((candidate) => candidate.prompt === comparedText(variance.prompt)) ?? {};
      expect([number(row.versions), number(row.conversations)]).toEqual([
        variance.versions,
        variance.conversations,
      ]);
      expect([millis(row.first_asked), millis(row.last_asked)]).toEqual([
        variance.firstAsked,
        variance.lastAsked,
      ]);
      expectClose(row.searched_share, variance.searchedShare, `${variance.prompt} searched`);
      expectClose(row.query_overlap, variance.queryOverlap, `${variance.prompt} queries`);
      expectClose(row.domain_overlap, variance.domainOverlap, `${variance.prompt} domains`);
    }
  },
  'figure: prompts-table': (rows) => {
    const expected = MEMBERS.flatMap((member) =>
      promptVariances(member.records, BRANDS).map((variance) => ({
        member: member.name,
        ...promptCells(variance),
      })),
    );
    expect(rows.map((row) => [row.member, row.prompt]).sort()).toEqual(
      expected.map((row) => [row.member, row.prompt]).sort(),
    );
    for (const cells of expected) {
      const row =
        rows.find((candidate) => candidate.member === cells.member && candidate.prompt === cells.prompt) ??
        {};
      expect({
        ...row,
        versions: number(row.versions),
        conversations: number(row.conversations),
        branch_versions: number(row.branch_versions),
        first_asked: millis(row.first_asked),
        last_asked: millis(row.last_asked),
      }).toEqual(cells);
    }
  },
  'figure: fanout': (rows) => {
    // The joined table holds the turns the site shows: no branch versions.
    const fanouts = new QueryFanouts();
    for (const record of ALL_RECORDS) fanouts.add({ ...record, versions: [] });
    const expected = fanouts.queries();
    expect(expected.length).toBeGreaterThan(1);
    expect(rows.map((row) => row.query).sort()).toEqual(
      expected.map((fanout) => comparedText(fanout.query)).sort(),
    );
    for (const fanout of expected) {
      const row = rows.find((candidate) => candidate.query === comparedText(fanout.query)) ?? {};
      expect(
        {
          searches: number(row.searches),
          prompts: number(row.prompts),
          conversations: number(row.conversations),
          models: row.models === null ? [] : String(row.models).split(LIST_SEPARATOR),
          firstSearched: millis(row.first_searched),
          lastSearched: millis(row.last_searched),
          pagesCited: row.pages_cited === null ? [] : String(row.pages_cited).split(LIST_SEPARATOR),
        },
        fanout.query,
      ).toEqual({
        searches: fanout.searches,
        prompts: fanout.prompts,
        conversations: fanout.conversations,
        models: fanout.models,
        firstSearched: fanout.firstSearched,
        lastSearched: fanout.lastSearched,
        pagesCited: fanout.pagesCited,
      });
    }
  },
  'figure: paid-organic': (rows) => {
    const adRows = MEMBERS.flatMap((member) => [
      ...member.records.flatMap((record) => [...ADS_TABLE.rowsOf(record)]),
      ...(member.account === null ? [] : [...(ADS_TABLE.accountRowsOf?.(member.account) ?? [])]),
    ]);
    const expected = paidOrganicByAdvertiser(adRows);
    expect(
      rows.map((row) => ({
        advertiser: row.advertiser,
        ads: number(row.ads),
        cited: { count: number(row.beside_citation), of: number(row.answer_known) },
        named: { count: number(row.in_naming_answer), of: number(row.answer_text_known) },
      })),
    ).toEqual(expect.arrayContaining(expected));
    expect(rows).toHaveLength(expected.length);
  },
  'setup: ads': async (_rows, connection) => {
    // Every answer is one row, as the library counts them.
    expect(await rowsOf(connection, 'select count(*) as answers from ad_answers')).toEqual([
      { answers: String(ALL_ANSWERS.length) },
    ]);
  },
  'figure: ad-rate': (rows) => {
    const rates = adRates(ALL_ANSWERS, ALL_ADS);
    // The weeks the tab shows empty have no row.
    const weeks = rates.byWeek.filter(({ rate }) => rate.of > 0);
    expect(weeks.length).toBeGreaterThan(1);
    expect(rates.all.count).toBeGreaterThan(0);
    expect(rows.map((row) => [row.per, row.value]).sort()).toEqual(
      [
        ['all', null],
        ...weeks.map(({ week }) => ['week', week]),
        ...rates.byModel.map(({ model }) => ['model', model]),
      ].sort(),
    );
    for (const row of rows) {
      const rate =
        row.per === 'all'
          ? rates.all
          : row.per === 'week'
            ? weeks.find(({ week }) => week === row.value)?.rate
            : rates.byModel.find(({ model }) => model === row.value)?.rate;
      expectRate(row, AD_RATE, rate ?? rates.all, `${row.per} ${row.value}`);
    }
  },
  'figure: ad-share-of-voice': (rows) => {
    const voices = shareOfVoice(ALL_ADS);
    // The undated ad of the ad history counts nowhere.
    expect(voices.map((voice) => voice.advertiser)).not.toContain('Dune');
    expect(rows.map((row) => row.advertiser).sort()).toEqual(voices.map((voice) => voice.advertiser).sort());
    for (const voice of voices) {
      const row = rows.find((candidate) => candidate.advertiser === voice.advertiser) ?? {};
      expect(number(row.ads)).toBe(voice.ads);
      expectRate(
        row,
        ['ads', 'all_ads', 'share', 'share_low', 'share_high'],
        voice.share,
        String(voice.advertiser),
      );
    }
  },
  'figure: contested-prompts': (rows) => {
    const contested = contestedPrompts(ALL_ANSWERS, ALL_ADS);
    expect(contested.length).toBeGreaterThan(0);
    expect(
      rows.map((row) => ({
        prompt: row.prompt,
        answers: number(row.answers),
        answersWithAds: number(row.answers_with_ads),
        advertisers: row.advertiser_names,
      })),
    ).toEqual(
      contested.map((prompt) => ({
        prompt: comparedText(prompt.prompt),
        answers: prompt.answers,
        answersWithAds: prompt.answersWithAds,
        advertisers: prompt.advertisers.map(({ advertiser }) => advertiser).sort(),
      })),
    );
  },
  'figure: creatives-table': (rows) => {
    const creatives = creativesOf(ALL_ADS);
    expect(
      rows
        .map((row) => ({
          key: JSON.stringify([row.advertiser, row.title, row.link]),
          times: number(row.times_shown),
          first: millis(row.first_seen),
          last: millis(row.last_seen),
        }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    ).toEqual(
      creatives
        .map((creative) => ({
          key: JSON.stringify([creative.advertiser, creative.title, creative.link]),
          times: creative.timesShown,
          first: creative.firstSeen,
          last: creative.lastSeen,
        }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
  },
  'figure: ads-week-over-week': (rows) => {
    const movements = weekOverWeek(ALL_ADS);
    expect(new Set(movements.map((movement) => movement.movement))).toEqual(new Set(['new', 'gone', 'up']));
    expect(rows.map((row) => [row.week, row.advertiser, row.movement])).toEqual(
      movements.map(({ week, advertiser, movement }) => [week, advertiser, movement]),
    );
    movements.forEach((movement, at) => {
      const row = rows[at] ?? {};
      const what = `${movement.week} ${movement.advertiser}`;
      expectRate(row, SHARE_BEFORE, movement.before, `${what} before`);
      expectRate(row, SHARE_AFTER, movement.after, `${what} after`);
    });
  },
};

describe('docs/analysis.md over a team dataset', () => {
  let folder = '';
  let connection: DuckDBConnection;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'chat-lens-analysis-'));
    for (const member of MEMBERS) {
      const written = memoryDirectory();
      await writeDataset(
        directoryDatasetFolder(written),
        member.records,
        member.account,
        { brands: BRANDS },
        new Date(Date.UTC(2026, 4, 1)),
        LIBRARY_TABLES,
      );
      for (const [path, bytes] of written.files()) {
        const file = join(folder, 'team', member.name, path);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, bytes);
      }
    }
    connection = await (await DuckDBInstance.create(':memory:')).connect();
    await connection.run(`SET file_search_path = '${folder}'`);
  });

  afterAll(async () => {
    connection?.closeSync();
    if (folder !== '') await rm(folder, { recursive: true, force: true });
  });

  it('runs every block in order, each agreeing with the library', async () => {
    const blocks = await documentBlocks();
    expect(blocks.map((block) => block.tag)).toEqual(Object.keys(CHECKS));
    for (const { tag, sql } of blocks) await CHECKS[tag]?.(await rowsOf(connection, sql), connection);
  });
});
