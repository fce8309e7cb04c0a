import { describe, expect, it } from 'vitest';
import { PROMPT_KINDS } from '@/lens/library/brands';
import { BRANDS_TABLE } from '@/lens/library/brands-table';
import type { BrandSettings } from '@/lib/library/brand-settings';
import { NO_BRANDS } from '@/lib/library/brand-settings';
import { tableRows } from '@/lib/library/library-table';
import { wilsonInterval } from '@/lib/library/proportion-interval';
import { citedPage, libraryConversation, turn } from '@/tests/support/library-records';

const BRANDS: BrandSettings = {
  own: { name: 'Acme', domains: ['acme.com'], mentions: [] },
  competitors: [{ name: 'Globex', domains: ['globex.com'], mentions: [] }],
};

const RECORDS = [
  libraryConversation('c1', [
    turn(1, {
      prompt: 'best anvil',
      answer: 'Globex, then Acme.',
      at: Date.UTC(2026, 3, 2),
      pages: [citedPage('https://acme.com/a'), citedPage('https://review.example/')],
    }),
    turn(2, { prompt: 'Is Acme good?', answer: 'Acme is.', at: Date.UTC(2026, 3, 5), model: 'gpt-4o' }),
  ]),
];

const rows = (brands: BrandSettings | null) => [...tableRows(BRANDS_TABLE, RECORDS, null, { brands })];

describe('the brands table', () => {
  it('has no rows without brands', () => {
    expect(rows(null)).toEqual([]);
    expect(rows(NO_BRANDS)).toEqual([]);
  });

  it('has a row per brand, split and model, every model first', () => {
    const keys = rows(BRANDS).map((row) => [row.model, row.brand, row.split]);
    const of = (model: string | null) =>
      ['Acme', 'Globex'].flatMap((brand) => PROMPT_KINDS.map((split) => [model, brand, split]));
    expect(keys).toEqual([...of(null), ...of('gpt-4o'), ...of('gpt-5')]);
  });

  it("gives a brand's shares, position and denominators over every model", () => {
    const acme = rows(BRANDS).find(
      (row) => row.model === null && row.brand === 'Acme' && row.split === 'all',
    );
    const named = wilsonInterval(1, 2);
    expect(acme).toMatchObject({
      own: true,
      answers: 2,
      answers_read: 2,
      cited_answers: 1,
      cited_presence: 0.5,
      cited_pages: 1,
      cited_pages_total: 2,
      citation_share: 0.5,
      named_answers: 2,
      answers_naming_brands: 2,
      // Second in c1 #1, first in c1 #2.
      named_first: 1,
      named_first_share: 0.5,
      named_first_share_low: named?.low,
      named_first_share_high: named?.high,
      mean_position: 1.5,
      last_answered: Date.UTC(2026, 3, 5),
    });
    // 1 and 2: s = √0.5, so 1.5 ± 0.98, kept within 1 and the 2 brands.
    expect([acme?.mean_position_low, acme?.mean_position_high]).toEqual([1, 2]);
  });

  it("splits one model's answers apart, and leaves the position of a brand not named null", () => {
    const globex = rows(BRANDS).find(
      (row) => row.model === 'gpt-4o' && row.brand === 'Globex' && row.split === 'branded',
    );
    expect(globex).toMatchObject({
      own: false,
      answers: 1,
      named_answers: 0,
      named_first: 0,
      answers_naming_brands: 1,
      mean_position: null,
      mean_position_low: null,
    });
  });
});
