import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIBRARY_FILE_SCHEMA,
  libraryFileText,
  mergeForImport,
  readLibraryFile,
} from '@/lens/library/library-file';
import type { LibraryAccount, LibraryConversation } from '@/lens/library/library-record';
import type { BrandSettings } from '@/lib/library/brand-settings';
import {
  ad,
  libraryConversation,
  NO_FEATURE_KEPT_TURN,
  offer,
  page,
  turn,
} from '@/tests/support/library-records';

const EXPORTED_AT = new Date(Date.UTC(2026, 10, 25, 12));

const BRANDS: BrandSettings = {
  own: { name: 'Acme', domains: ['acme.com'], mentions: ['Acme', 'Acme Corp'] },
  competitors: [{ name: 'Globex', domains: ['globex.com'], mentions: [] }],
};

const full = libraryConversation(
  'c1',
  [
    turn(0, { prompt: null, model: null }),
    turn(1, {
      prompt: 'Best trail shoes?',
      answer: 'Try Acme.',
      at: Date.UTC(2026, 10, 2, 9),
      searched: true,
      transport: 'websocket',
      queries: [
        { text: 'trail shoes', kind: 'search', order: 0 },
        { text: 'https://rei.com/', kind: 'open', order: 1 },
      ],
      pages: [
        page('https://rei.com/shoes', { cited: true, citations: 2, rank: 1, foundBy: ['trail shoes'] }),
        page('https://acme.com/', { title: null, retrieved: false, cited: true, citations: 1, rank: null }),
      ],
    }),
  ],
  {
    answerTextKept: true,
    ads: [ad({ cards: [{ title: 'Boot', url: 'https://acme.example/boot' }], streamed: true })],
    offers: [offer({ bestPriceTag: 'best' })],
  },
);

const ACCOUNT: LibraryAccount = {
  interests: ['Trail running', 'Camp cooking'],
  profileVersion: 3,
  ads: [ad({ turnIndex: null, advertiser: 'Ridge Socks', shownAt: Date.UTC(2026, 9, 4, 18) })],
  savedAt: Date.UTC(2026, 10, 1),
};

/** The file's text with its conversations replaced, to read what an edited file gives. */
const fileOf = (conversations: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    schema: LIBRARY_FILE_SCHEMA,
    exportedAt: EXPORTED_AT.toISOString(),
    conversations,
    ...extra,
  });

function readValue(text: string) {
  const result = readLibraryFile(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('the library file', () => {
  it('writes the schema, the time, the brands and every conversation', () => {
    const document = JSON.parse(libraryFileText([full], EXPORTED_AT, BRANDS));
    expect(document).toEqual({
      schema: 'chat-lens/library@1',
      exportedAt: '2026-11-25T12:00:00.000Z',
      brands: BRANDS,
      conversations: [full],
      account: null,
    });
    expect(JSON.parse(libraryFileText([], EXPORTED_AT)).brands).toBeNull();
    expect(JSON.parse(libraryFileText([], EXPORTED_AT, BRANDS, ACCOUNT)).account).toEqual(ACCOUNT);
  });

  it('reads back what it wrote', () => {
    const other = libraryConversation('c2', [], { title: null, createdAt: null, updatedAt: null });
    expect(readLibraryFile(libraryFileText([full, other], EXPORTED_AT, BRANDS))).toEqual({
      ok: true,
      value: { records: [full, other], brands: BRANDS, account: null, skipped: 0 },
      warnings: [],
    });
    expect(readValue(libraryFileText([], EXPORTED_AT))).toEqual({
      records: [],
      brands: null,
      account: null,
      skipped: 0,
    });
    expect(readValue(libraryFileText([full], EXPORTED_AT, BRANDS, ACCOUNT)).account).toEqual(ACCOUNT);
  });

  it("reads the account's record tolerantly: wrong members empty, links cleaned, its time the file's", () => {
    const account = readValue(
      fileOf([], {
        account: {
          interests: ['Kayaking', 7, null],
          profileVersion: 'two',
          ads: [
            { advertiser: 'Paddle Co', link: 'https://paddle.example/?oppref=CANARY6&k=1', shownAt: 5 },
            'not an ad',
          ],
          tracking: 'CANARY7',
        },
      }),
    ).account;
    expect(account).toMatchObject({
      interests: ['Kayaking'],
      profileVersion: null,
      savedAt: EXPORTED_AT.getTime(),
    });
    expect(account?.ads.map((kept) => [kept.advertiser, kept.link, kept.shownAt])).toEqual([
      ['Paddle Co', 'https://paddle.example/?k=1', 5],
    ]);
    expect(JSON.stringify(account)).not.toContain('CANARY');
    expect(readValue(fileOf([], { account: 'none' })).account).toBeNull();
  });

  it('refuses what is not JSON, or not a library, with a typed error', () => {
    const failure = (text: string) => {
      const result = readLibraryFile(text);
      return result.ok ? null : result.error;
    };
    expect(failure('')?.code).toBe('malformed-json');
    expect(failure('{"schema": "chat-lens/library@1", ')?.code).toBe('malformed-json');
    for (const text of ['[]', '"library"', 'null', '{"conversations": []}', '{"schema": 1}']) {
      expect(failure(text)).toEqual({
        code: 'unexpected-shape',
        message: 'Not a Chat Lens library file: expected a JSON object of schema chat-lens/library@1.',
      });
    }
    expect(failure(JSON.stringify({ schema: 'chat-lens/export@1', conversations: [] }))?.message).toMatch(
      /^Not a Chat Lens library file/,
    );
    expect(failure(JSON.stringify({ schema: 'chat-lens/library@2', conversations: [] }))?.message).toBe(
      'This library file is of a version this Chat Lens cannot read: it reads chat-lens/library@1.',
    );
    expect(failure(JSON.stringify({ schema: LIBRARY_FILE_SCHEMA, conversations: {} }))).toEqual({
      code: 'unexpected-shape',
      message: 'The library file holds no list of conversations.',
    });
  });

  it('skips and counts conversations without an id, and reads wrong members as empty', () => {
    const result = readLibraryFile(
      fileOf([
        { title: 'no id' },
        { id: 7 },
        { id: '' },
        'not a conversation',
        null,
        {
          id: 'c9',
          title: 3,
          models: ['gpt-5', 4, null],
          createdAt: '2026-11-02',
          updatedAt: Number.MAX_VALUE,
          transport: 'carrier pigeon',
          answerTextKept: 'yes',
          secret: 'dropped',
          turns: [
            'not a turn',
            {
              index: 1.5,
              prompt: 'Hi',
              answer: 42,
              at: null,
              searched: 'true',
              transport: 'sse',
              extra: { token: 'dropped' },
              queries: [
                { text: 'kept', kind: 'search', order: 'first' },
                { text: 'unknown kind', kind: 'telepathy', order: 1 },
                { kind: 'search' },
              ],
              pages: [
                {
                  url: 'https://a.example/',
                  cited: 1,
                  citations: -2,
                  rank: 0,
                  foundBy: 'q',
                  domain: 'a.example',
                },
                { title: 'no link' },
                { url: '' },
              ],
            },
          ],
          ads: [{ cards: [{ url: 5 }, 'no card'], streamed: 'true' }],
          offers: [{ total: '113', base: 100 }],
          unread: [
            { kind: 'content-type', name: 'text_v2', count: 2, at: ['dropped'] },
            { kind: 'telepathy', name: 'x', count: 1 },
            { kind: 'tool', name: 'computer.do', count: 0 },
          ],
        },
      ]),
    );
    expect(result).toEqual({
      ok: true,
      value: {
        records: [
          {
            id: 'c9',
            title: null,
            models: ['gpt-5'],
            createdAt: null,
            updatedAt: Number.MAX_VALUE,
            savedAt: EXPORTED_AT.getTime(),
            transport: 'unknown',
            answerTextKept: false,
            turns: [
              {
                index: 0,
                prompt: 'Hi',
                answer: null,
                at: null,
                model: null,
                searched: null,
                transport: 'sse',
                queries: [{ text: 'kept', kind: 'search', order: 0 }],
                pages: [
                  {
                    url: 'https://a.example/',
                    title: null,
                    domain: 'a.example',
                    retrieved: false,
                    cited: false,
                    citations: 0,
                    rank: null,
                    foundBy: [],
                  },
                ],
                ...NO_FEATURE_KEPT_TURN,
              },
            ],
            // A record kept before versions were read has none.
            versions: [],
            ads: [
              {
                turnIndex: null,
                advertiser: null,
                advertiserUrl: null,
                unitType: null,
                format: null,
                title: null,
                link: null,
                cards: [{ title: null, url: null }],
                streamed: false,
                shownAt: null,
              },
            ],
            offers: [
              {
                // A record kept before answers' offers were read holds refreshed ones.
                seenIn: 'refresh',
                productId: null,
                product: null,
                brand: null,
                merchant: null,
                currency: null,
                base: 100,
                shipping: null,
                tax: null,
                total: null,
                priceText: null,
                bestPriceTag: null,
                availability: null,
                url: null,
              },
            ],
            unread: [{ kind: 'content-type', name: 'text_v2', count: 2 }],
            // A record that names no reader was kept by an earlier one.
            reader: 0,
          },
        ],
        brands: null,
        account: null,
        skipped: 5,
      },
      warnings: ["5 of the file's conversations could not be read and were left out."],
    });
  });

  it('dates a conversation of no time of writing by the file, else as the oldest', () => {
    expect(readValue(fileOf([{ id: 'c1' }])).records[0]?.savedAt).toBe(EXPORTED_AT.getTime());
    expect(readValue(fileOf([{ id: 'c1' }], { exportedAt: 'yesterday' })).records[0]?.savedAt).toBe(0);
  });

  it('cleans every link again, so an edited file brings back no tracking value', () => {
    const tracked = 'https://shop.example/p?id=1&oppref=CANARY1&utm_source=chatgpt.com';
    const [record] = readValue(
      fileOf([
        {
          id: 'c1',
          turns: [{ index: 1, pages: [{ url: `${tracked}`, cited: true, citations: 1 }] }],
          ads: [
            {
              advertiserUrl: 'https://acme.example/?olref=CANARY2',
              link: 'https://acme.example/boots?ad_data_token=CANARY3&size=9',
              cards: [{ title: 'Boot', url: 'https://acme.example/boot?oa_oppref=CANARY4' }],
            },
          ],
          offers: [{ url: 'https://rei.example/p?OPPREF=CANARY5' }],
        },
      ]),
    ).records;
    expect(JSON.stringify(record)).not.toMatch(/CANARY|utm_source/);
    expect(record?.turns[0]?.pages[0]?.url).toBe('https://shop.example/p?id=1');
    expect(record?.ads[0]?.link).toBe('https://acme.example/boots?size=9');
  });

  it('reads the brands tolerantly, and none where the file names none', () => {
    const brands = {
      own: { name: ' Acme ', domains: ['WWW.Acme.com', 3], mentions: 'Acme' },
      competitors: 'none',
    };
    expect(readValue(fileOf([], { brands })).brands).toEqual({
      own: { name: 'Acme', domains: ['acme.com'], mentions: [] },
      competitors: [],
    });
    expect(readValue(fileOf([], { brands: 'Acme' })).brands).toBeNull();
  });

  it('keeps an own "__proto__" member of a file from reaching any object', () => {
    const text = `{"schema":"${LIBRARY_FILE_SCHEMA}","conversations":[{"id":"c1","__proto__":{"polluted":true},"turns":[{"__proto__":{"polluted":true}}]}]}`;
    const [record] = readValue(text).records;
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(record?.turns[0] ?? {})).not.toContain('__proto__');
  });

  it('never throws, whatever the file holds', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(typeof readLibraryFile(text).ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.array(fc.jsonValue()), fc.jsonValue(), (conversations, brands) => {
        const result = readLibraryFile(fileOf(conversations, { brands }));
        expect(result.ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('mergeForImport', () => {
  const saved = (id: string, savedAt: number): LibraryConversation =>
    libraryConversation(id, [turn(1)], { savedAt, title: `${id} at ${savedAt}` });

  it('writes what is new or written later than what is kept, each conversation once', () => {
    const kept = [saved('same', 5), saved('older', 5), saved('newer', 9)];
    const incoming = [
      saved('same', 5),
      saved('older', 7),
      saved('newer', 8),
      saved('new', 1),
      saved('new', 3),
      saved('new', 2),
    ];
    expect(mergeForImport(kept, incoming).map((record) => record.title)).toEqual(['older at 7', 'new at 3']);
    expect(mergeForImport(kept, [])).toEqual([]);
    expect(mergeForImport([], [saved('a', 1)])).toEqual([saved('a', 1)]);
  });

  it('brings a library exported, edited elsewhere and read back up to date', () => {
    const kept = [saved('a', 5), saved('b', 5)];
    const elsewhere = [saved('a', 5), saved('b', 6), saved('c', 4)];
    const read = readValue(libraryFileText(elsewhere, EXPORTED_AT));
    expect(mergeForImport(kept, read.records)).toEqual([saved('b', 6), saved('c', 4)]);
    expect(mergeForImport([...kept, ...mergeForImport(kept, read.records)], read.records)).toEqual([]);
  });
});
