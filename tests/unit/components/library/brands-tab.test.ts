import { describe, expect, it } from 'vitest';
import { BrandEditor } from '@/components/library/BrandEditor';
import { BrandReportView } from '@/components/library/BrandReportView';
import { brandsDraftOf, brandsOfDraft, emptyDraft } from '@/components/library/brand-draft';
import { citationRows, mentionRows, ownLabel } from '@/components/library/brand-shares';
import { NO_CHOICE } from '@/components/library/table-choices';
import { type BrandSettings, MAX_COMPETITORS, NO_BRANDS } from '@/lib/library/brand-settings';
import { brandReport } from '@/lib/library/brands';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';
import { smallLibrary } from './library-fixtures';

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
    expect(citationRows(report.citationShare, 'Lodge')).toEqual([
      { key: 'own', label: 'Lodge (you)', count: 1, share: 1 / 3, own: true },
      { key: 'competitor-0', label: 'Acme', count: 0, share: 0 },
      { key: 'other', label: 'Other domains', count: 2, share: 2 / 3, muted: true },
    ]);
    expect(render()).toContain(
      'Cited pages by brand Brand Cited pages Share Lodge (you) 1 33.3% Acme 0 0% Other domains 2 66.7%',
    );
  });

  it('counts mentions in the answers kept with their text, and says how many were kept without', () => {
    expect(mentionRows(report.mentionShare, '')[0]).toMatchObject({ label: 'Your brand', count: 1 });
    expect(ownLabel('  ')).toBe('Your brand');
    const text = render();
    expect(text).toContain('Whole words in the 1 answer kept with their text.');
    expect(text).toContain(
      '2 answers were kept without it (“Keep answer text” was off), so their mentions are not counted.',
    );
  });

  it('says presence per prompt in words with a mark, not by colour alone', () => {
    const text = render();
    expect(text).toContain('best cast iron skillet ✓ Cited ✓ Mentioned — Acme Skillets');
    expect(text).toContain('best chef knife ✗ Not cited Text not kept — —');
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
