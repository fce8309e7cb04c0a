import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CitationPiece, resolveCitations } from '@/features/sources/citation-markers';
import { withoutMarkers } from '@/features/sources/citation-sweep';
import { readContentReferences } from '@/features/sources/content-references';
import { extractSources } from '@/features/sources/sources';
import type { Conversation } from '@/lib/model/conversation';
import { citationsConversation, cite } from '@/tests/unit/fixtures/citations';
import { conversationOf, message } from '@/tests/unit/insights/build-conversation';

/** What a reader sees: text and words as they are, pages as `[site]`, things as `{label→url}`, notes as `(note)`. */
function shownPiece(piece: CitationPiece): string {
  switch (piece.kind) {
    case 'pages':
      return `[${piece.pages.map((page) => page.attribution ?? page.url).join('|')}]`;
    case 'named':
      return `{${piece.things.map((thing) => (thing.url === null ? thing.label : `${thing.label}→${thing.url}`)).join('|')}}`;
    case 'note':
      return `(${piece.text})`;
    case 'alt':
      return piece.markdown;
    default:
      return piece.text;
  }
}

const shown = (pieces: CitationPiece[]): string => pieces.map(shownPiece).join('');

/** The pieces the sources extractor resolved for one message. */
function piecesOf(conversation: Conversation, id: string): CitationPiece[] {
  return extractSources(conversation).citedMessages.find((cited) => cited.messageId === id)?.pieces ?? [];
}

const resolvedText = (id: string, plainText = false): string =>
  shown(piecesOf(citationsConversation(plainText), id));

/** A marker of any kind this reader knows, as real text carries it. */
const MARKER_SHAPES =
  /[\ue200-\ue2ff]|【[^【】]*†[^【】]*】|citeturn\d+[a-z_]+\d+|entity\["[^\]]*"\]|(?<![A-Za-z])memcite(?![A-Za-z])/u;

describe('resolveCitations on a real-looking answer', () => {
  it('shows entities by name, cited markers as their pages, products by title, hidden ones as nothing, no empty lines left', () => {
    expect(resolvedText('cit-4')).toBe(
      [
        '🏙️ For a first visit to Lisbon, stay in **Baixa-Chiado** or **Príncipe Real**: flat streets, metro stops',
        ' and everything within a walk [Time Out|The Guardian|The New York Times]\n\n**Alfama** is the most',
        ' atmospheric, but it is hilly and busy with day-trippers [The New York Times]. Book early for June: the',
        ' Santo António festival fills every room. [The New York Times]\n\nFor pastel de nata, **Manteigaria** in',
        ' Chiado bakes all day [TasteAtlas]; a box travels well: Manteigaria pastéis de nata, box of 6',
      ].join(''),
    );
  });

  it('resolves deep-research markers, removes those without a reference, and reads plain-text remnants', () => {
    expect(resolvedText('cit-6')).toBe(
      '## Alfama in brief\n\nAlfama grew from the Moorish quarter of al-Hamma [gulbenkian.pt] and survived the' +
        ' 1755 earthquake largely intact [castelodesaojorge.pt]. Its landmark is Castelo de São Jorge' +
        ' [castelodesaojorge.pt|Wikipedia]. Fado houses line its lanes.',
    );
  });

  it('gives the same result when the private-use characters were lost', () => {
    expect(resolvedText('cit-4', true)).toBe(resolvedText('cit-4'));
    expect(resolvedText('cit-6', true)).toBe(resolvedText('cit-6'));
  });

  it('finds a reference by its text when its offset is wrong, and never cuts out a footnote space', () => {
    const text = `Ab ${cite('turn0search0')} cd ${cite('turn0search1')} ef`;
    const references = readContentReferences({
      content_references: [
        { type: 'sources_footnote', matched_text: ' ', start_idx: 2, end_idx: 3, sources: [] },
        {
          type: 'webpage',
          matched_text: cite('turn0search1'),
          start_idx: 999,
          url: 'https://b.example/',
          attribution: 'B',
        },
        { type: 'webpage', matched_text: cite('turn0search0'), start_idx: -4, url: 'https://a.example/' },
      ],
    });
    expect(shown(resolveCitations(text, { references, searchResults: new Map() }))).toBe(
      'Ab [https://a.example/] cd [B] ef',
    );
  });

  it("shows an unknown type by the site's own Markdown, else by nothing", () => {
    const text = `Rain at noon \ue200forecast\ue202Lisbon\ue201 and wind \ue200navlist\ue202x\ue201.`;
    const references = readContentReferences({
      content_references: [
        { type: 'forecast', matched_text: '\ue200forecast\ue202Lisbon\ue201', alt: '**18 °C, showers**' },
        { type: 'navlist', matched_text: '\ue200navlist\ue202x\ue201', alt: null },
      ],
    });
    expect(shown(resolveCitations(text, { references, searchResults: new Map() }))).toBe(
      'Rain at noon **18 °C, showers** and wind.',
    );
  });

  it('shows a products reference by its product titles, else by the label of its alt', () => {
    const text = 'Pans: \ue200products\ue202a\ue201 and lids: \ue200products\ue202b\ue201.';
    const references = readContentReferences({
      content_references: [
        {
          type: 'products',
          matched_text: '\ue200products\ue202a\ue201',
          products: [{ title: 'Lodge 10" skillet' }, { title: 'Staub 26 cm' }],
          alt: null,
        },
        {
          type: 'products',
          matched_text: '\ue200products\ue202b\ue201',
          products: [],
          alt: '[Glass lids](https://shop.example/lids)',
        },
      ],
    });
    expect(shown(resolveCitations(text, { references, searchResults: new Map() }))).toBe(
      'Pans: Lodge 10" skillet, Staub 26 cm and lids: Glass lids.',
    );
  });

  it('names a cited upload by its file, never by its pointer, and leaves no marker', () => {
    const text = 'Your notes agree \ue200filecite\ue202turn0file0\ue201.';
    const references = readContentReferences({
      content_references: [
        {
          type: 'file',
          matched_text: '\ue200filecite\ue202turn0file0\ue201',
          name: 'field-notes.pdf',
          source: 'my_files',
          input_pointer: { file_index: 0 },
          library_file_id: 'file_000000002f5061f6b4ab0c7b8e7b1f3a',
        },
      ],
    });
    const pieces = resolveCitations(text, { references, searchResults: new Map() });
    expect(shown(pieces)).toBe('Your notes agree (field-notes.pdf).');
    expect(JSON.stringify(pieces)).not.toContain('file_0000');
  });

  it('leaves a text without markers untouched', () => {
    const text = 'To cite a source, write entity names in full.';
    expect(resolveCitations(text, { references: [], searchResults: new Map() })).toEqual([
      { kind: 'text', text },
    ]);
  });
});

describe('withoutMarkers', () => {
  it('cleans titles and names of every marker form', () => {
    expect(
      withoutMarkers('A\ue203 title\ue204\ue206 【3†L1-L2】citeturn0search1 of entity["city","Porto"]'),
    ).toBe('A title of Porto');
  });

  it('takes a memory citation right before another marker, and leaves a word that only starts alike', () => {
    expect(withoutMarkers('a memciteentity["city","Lisbon"] b')).toBe('a Lisbon b');
    expect(withoutMarkers('x memcitement y')).toBe('x memcitement y');
  });

  it('keeps the lines between a stray marker start and a stray end (a marker is one line)', () => {
    expect(withoutMarkers('Intro\ue200 kept\nsecond line\ue201 end')).toBe('Intro kept\nsecond line end');
  });
});

describe('marker rewriting properties', () => {
  const ids = fc.array(
    fc
      .tuple(fc.nat(3), fc.constantFrom('search', 'news', 'view', 'image'), fc.nat(12))
      .map(([turn, kind, index]) => `turn${turn}${kind}${index}`),
    { minLength: 1, maxLength: 3 },
  );
  const marker = fc.oneof(
    ids.map((refs) => cite(...refs)),
    ids.map((refs) => `cite${refs.join('')}`),
    fc.string({ maxLength: 12 }).map((name) => `\ue200entity\ue202${JSON.stringify(['city', name])}\ue201`),
    fc.string({ maxLength: 12 }).map((name) => `entity${JSON.stringify(['city', name])}`),
    fc.tuple(fc.nat(999), fc.nat(999)).map(([from, to]) => `【${from}†L${from}-L${to}】`),
    fc.string({ maxLength: 10 }).map((payload) => `\ue200image_group\ue202${payload}\ue201`),
    fc.integer({ min: 0xe200, max: 0xe2ff }).map((code) => String.fromCharCode(code)),
    fc.constantFrom(
      '\ue200',
      '\ue201',
      '【',
      '】',
      '†',
      'cite',
      'turn0search',
      'entity[',
      'memcite',
      '\ue200memcite\ue201',
    ),
  );
  const textWithMarkers = fc
    .tuple(
      fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 6 }),
      fc.array(marker, { maxLength: 6 }),
    )
    .map(([texts, markers]) => texts.flatMap((text, index) => [text, markers[index] ?? '']).join(''));
  const page = fc.record({
    url: fc.oneof(fc.webUrl(), fc.string({ maxLength: 20 })),
    title: fc.oneof(fc.string({ maxLength: 20 }), marker, fc.constant(null)),
    attribution: fc.oneof(fc.string({ maxLength: 10 }), marker, fc.integer()),
    supporting_websites: fc.array(fc.record({ url: fc.webUrl(), title: marker }), { maxLength: 2 }),
  });
  const reference = fc.record(
    {
      type: fc.oneof(
        fc.constantFrom(
          'grouped_webpages',
          'sources_footnote',
          'webpage',
          'webpage_extended',
          'entity',
          'products',
          'product_entity',
          'image_group',
          'hidden',
          'grouped_webpages_v2',
          'video',
          'image_inline',
          'businesses_map',
          'tldr',
          'file',
        ),
        fc.string({ maxLength: 8 }),
        fc.integer(),
      ),
      matched_text: fc.oneof(marker, fc.string({ maxLength: 6 }), fc.constant(' ')),
      start_idx: fc.oneof(fc.integer({ min: -5, max: 80 }), fc.constant(null), fc.string()),
      alt: fc.oneof(fc.constant(null), marker, fc.string({ maxLength: 12 })),
      name: fc.oneof(marker, fc.string({ maxLength: 10 })),
      items: fc.array(page, { maxLength: 2 }),
      sources: fc.array(page, { maxLength: 2 }),
      url: fc.webUrl(),
      title: marker,
      clicked_from_title: marker,
      clicked_from_url: fc.webUrl(),
      businesses: fc.array(fc.record({ name: marker, website_url: fc.webUrl() }), { maxLength: 2 }),
    },
    { requiredKeys: ['type', 'matched_text'] },
  );
  const searchResultGroups = fc.array(
    fc.record({
      domain: fc.oneof(fc.domain(), marker),
      entries: fc.array(fc.record({ url: fc.webUrl(), title: marker, ref_id: ids.map((refs) => refs[0]) }), {
        maxLength: 3,
      }),
    }),
    { maxLength: 3 },
  );

  it('never throws and leaves no marker in any piece, whatever the text and the references', () => {
    fc.assert(
      fc.property(
        textWithMarkers,
        fc.array(reference, { maxLength: 5 }),
        searchResultGroups,
        (text, raw, groups) => {
          const cited = message({
            id: 'a',
            text,
            metadata: { content_references: raw, search_result_groups: groups },
          });
          const pieces = piecesOf(conversationOf([cited]), 'a');
          for (const piece of pieces) {
            const visible =
              piece.kind === 'pages'
                ? piece.pages.map((cited) => `${cited.title ?? ''} ${cited.attribution ?? ''}`).join(' ')
                : shownPiece(piece);
            expect(visible).not.toMatch(MARKER_SHAPES);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps a text with no marker character exactly as it is', () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: 'grapheme', maxLength: 40 })
          .filter((text) => !/[\ue200-\ue2ff【]|turn\d|entity\[/.test(text)),
        (text) => {
          expect(shown(resolveCitations(text, { references: [], searchResults: new Map() }))).toBe(text);
        },
      ),
    );
  });
});
