import { describe, expect, it } from 'vitest';
import { BrandEditor } from '@/components/library/brands/BrandEditor';
import { BrandReportView } from '@/components/library/brands/BrandReportView';
import { brandsDraftOf, brandsOfDraft, emptyDraft } from '@/components/library/brands/brand-draft';
import { brandRows, citationRows, ownLabel } from '@/components/library/brands/brand-shares';
import { NO_CHOICE } from '@/components/library/tables/table-choices';
import { brandReport } from '@/lens/library/brands';
import { type BrandSettings, MAX_COMPETITORS, NO_BRANDS } from '@/lib/library/brand-settings';
import { libraryConversation, page, turn } from '@/tests/support/library-records';
import { smallLibrary } from '@/tests/unit/components/library/library-fixtures';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

const BRANDS: BrandSettings = {
  own: { name: 'Lodge', domains: ['lodgecastiron.com'], mentions: ['Lodge'] },
  competitors: [{ name: 'Acme', domains: ['acme.example'], mentions: ['Acme'] }],
};

const report = brandReport(smallLibrary(), BRANDS);
const render = () =>
  visibleText(
    renderView(BrandReportView, { report, ownName: 'Lodge', choice: NO_CHOICE, onChoice: () => undefined }),
  );

describe('the brand report', () => {
  it('shares the cited pages between the brand, each competitor and the other domains', () => {
    const rows = citationRows(report.shares, 'Lodge');
    expect(
      rows.map(({ label, parts }) => [label, parts.all.count, parts.all.total, parts.all.share]),
    ).toEqual([
      ['Lodge (you)', 1, 3, 1 / 3],
      ['Acme', 0, 3, 0],
      ['Other domains', 2, 3, 2 / 3],
    ]);
    // No prompt of the small library names a brand.
    expect(rows[0]?.parts.branded).toEqual({ count: 0, total: 0, share: null, interval: null });
    expect(render()).toContain(
      'Cited pages by brand Brand All prompts Branded prompts Unbranded prompts Lodge (you) 1 of 3, 33.3% (6.1–79.2%)',
    );
  });

  it('counts mentions in the answers kept with their text, and says how many were kept without', () => {
    expect(brandRows(report.shares, (of) => of.mentionShare, '')[0]).toMatchObject({
      label: 'Your brand',
      parts: { all: { count: 1, total: 2 } },
    });
    expect(ownLabel('  ')).toBe('Your brand');
    const text = render();
    expect(text).toContain('Whole words in the 1 answer kept with their text.');
    expect(text).toContain(
      '2 answers were kept without it (“Keep answer text” was off), so their mentions are not counted.',
    );
  });

  it('says presence per prompt in words with a mark, not by colour alone', () => {
    const text = render();
    expect(text).toContain('best cast iron skillet No brand ✓ Cited ✓ Mentioned — Acme Skillets');
    expect(text).toContain('best chef knife No brand ✗ Not cited Text not kept — —');
  });

  it('marks each share whose interval is wider than itself, and says once per table what that means', () => {
    // Ten prompts: Lodge cited in the nine unbranded ones, Acme in the tenth, which names both.
    const skillets = Array.from({ length: 9 }, (_, place) =>
      libraryConversation(`s${place}`, [
        turn(1, {
          prompt: `skillet question ${place}`,
          pages: [page(`https://lodgecastiron.com/${place}`, { cited: true, citations: 1 })],
        }),
      ]),
    );
    const versus = libraryConversation('versus', [
      turn(1, {
        prompt: 'Acme or Lodge?',
        pages: [page('https://acme.example/', { cited: true, citations: 1 })],
      }),
    ]);
    const text = visibleText(
      renderView(BrandReportView, {
        report: brandReport([...skillets, versus], BRANDS),
        ownName: 'Lodge',
        choice: NO_CHOICE,
        onChoice: () => undefined,
      }),
    );
    const note = '*';
    const meaning =
      '* The interval is wider than the share itself: too few answers for the share to say much. More conversations narrow it.';
    // Wilson at 95%: 9 of 10 is 59.6–98.2%, narrower than 90%; 1 of 10 is 1.8–40.4%, wider than 10%;
    // 0 of 1 is 0–79.3%; 1 of 1 is 20.7–100%, narrower than 100%; 9 of 9 is 70.1–100%; 0 of 9 is 0–29.9%.
    expect(text).toContain(
      [
        'Prompts whose answer cited each brand Brand All prompts Branded prompts Unbranded prompts',
        'Lodge (you) 9 of 10, 90.0% (59.6–98.2%)',
        `0 of 1, 0.0% (0.0–79.3%) ${note}`,
        '9 of 9, 100.0% (70.1–100.0%)',
        `Acme 1 of 10, 10.0% (1.8–40.4%) ${note}`,
        '1 of 1, 100.0% (20.7–100.0%)',
        `0 of 9, 0.0% (0.0–29.9%) ${note}`,
        meaning,
        'Prompts whose answer named each brand',
      ].join(' '),
    );
    // Said once under each table with a marked share, never in a cell.
    expect(text.split(meaning).length - 1).toBe(2);
    expect(text).not.toContain('more conversations are needed');
  });

  it('asks for the answer text when no answer kept it', () => {
    const noText = brandReport(smallLibrary().slice(1), BRANDS);
    const text = visibleText(
      renderView(BrandReportView, {
        report: noText,
        ownName: 'Lodge',
        choice: NO_CHOICE,
        onChoice: () => undefined,
      }),
    );
    expect(text).toContain('turn on “Keep answer text” in the Manage tab');
  });

  it('says that no answer names a brand, rather than chart nothing, when the words are found nowhere', () => {
    const unnamed: BrandSettings = {
      own: { ...BRANDS.own, mentions: ['Nowhere Ware'] },
      competitors: [{ name: 'Zenith', domains: ['zenith.example'], mentions: ['Zenith'] }],
    };
    const text = visibleText(
      renderView(BrandReportView, {
        report: brandReport(smallLibrary(), unnamed),
        ownName: 'Lodge',
        choice: NO_CHOICE,
        onChoice: () => undefined,
      }),
    );
    expect(text).toContain('No answer kept with its text names your brand or a competitor.');
    expect(text).not.toContain('Mentions by brand');
    // The brand's words found again, the chart is back.
    expect(render()).toContain('Mentions by brand');
  });
});

describe('the brand editor', () => {
  it('edits the brand and the competitors as typed lists, and drops competitors left blank', () => {
    const draft = brandsDraftOf(BRANDS);
    expect(draft.own).toEqual({ key: 0, name: 'Lodge', domains: 'lodgecastiron.com', mentions: 'Lodge' });
    expect(
      brandsOfDraft({
        own: {
          ...draft.own,
          domains: 'lodgecastiron.com,\n lodge.co.uk , ',
          mentions: 'Lodge, Lodge Cast Iron',
        },
        competitors: [...draft.competitors, emptyDraft(7)],
      }),
    ).toEqual({
      own: {
        name: 'Lodge',
        domains: ['lodgecastiron.com', 'lodge.co.uk'],
        mentions: ['Lodge', 'Lodge Cast Iron'],
      },
      competitors: [{ name: 'Acme', domains: ['acme.example'], mentions: ['Acme'] }],
    });
  });

  it('labels every field, names what each remove button removes, and stops adding at the limit', () => {
    const html = renderView(BrandEditor, { brands: BRANDS, onSave: async () => undefined });
    const text = visibleText(html);
    expect(text).toContain(
      'Your brand Name Domains, separated by commas Words that name it, separated by commas',
    );
    expect(text).toContain('Remove Acme');
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Add a competitor/);
    const full = {
      own: NO_BRANDS.own,
      competitors: Array.from({ length: MAX_COMPETITORS }, (_, place) => ({
        name: `Rival ${place}`,
        domains: [],
        mentions: [],
      })),
    };
    const fullHtml = renderView(BrandEditor, { brands: full, onSave: async () => undefined });
    expect(fullHtml).toMatch(/<button[^>]*disabled=""[^>]*>Add a competitor/);
    expect(visibleText(fullHtml)).toContain(`At most ${MAX_COMPETITORS} competitors.`);
  });
});
