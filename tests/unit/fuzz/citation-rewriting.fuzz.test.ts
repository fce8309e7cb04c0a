import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { resolveCitations } from '@/features/sources/citation-markers';
import { withoutMarkers } from '@/features/sources/citation-sweep';
import { type ReferencedPage, readContentReferences } from '@/features/sources/content-references';
import { type CitationNumbers, citedMarkdown } from '@/features/sources/markdown-citations';
import { ownWords, refId, wholeMarker } from '@/tests/unit/fixtures/citation-arbitraries';
import { fuzz } from './fuzz-property';
import { hostileJson, hostileString } from './hostile-values';

/**
 * The citation marker rewriters (site-interface 10.5; features/sources/citation-markers.ts and
 * features/sources/citation-sweep.ts, features/sources/markdown-citations.ts): an answer's own words around the markers
 * are never lost, whatever the markers are (known, unknown, cut short, explained by a reference or by
 * nothing), and no private-use character or marker is left.
 */

/**
 * Every marker form of the live site, including ones cut short or of unknown kinds, and stray private-use
 * characters. Not a stray end character: a start and an end enclose a marker, whatever stands between them.
 */
const marker = fc.oneof(
  wholeMarker,
  fc.constantFrom(
    '\ue200image_group\ue202{"query":["x"]}\ue201',
    '\ue200unknown\ue202a\ue202b\ue201',
    '\ue200\ue201',
  ),
  refId.map((id) => `\ue200cite\ue202${id}`),
  fc.constantFrom('\ue200', '\ue202', '\ue2ff'),
);

const REFERENCE_TYPES = [
  'grouped_webpages',
  'webpage',
  'sources_footnote',
  'entity',
  'products',
  'hidden',
  'image_group',
  'unknown_kind',
];

const page = (index: number): ReferencedPage => ({
  url: `https://site-${index}.example/page`,
  title: `Page ${index}`,
  attribution: null,
});

/** A marker whole, as a reference's matched_text holds it: not a stray character, not cut short. */
const isWhole = (marker: string): boolean =>
  marker.length > 1 && !(marker.startsWith('\ue200') && !marker.endsWith('\ue201'));

/** A raw content reference for one of the whole markers, of any type, with its offset right, wrong or absent. */
const rawReference = (markers: readonly string[]) =>
  fc.record({
    type: fc.constantFrom(...REFERENCE_TYPES),
    matched_text: fc.constantFrom(...markers),
    start_idx: fc.option(fc.nat(400)),
    items: fc.array(
      fc.nat(3).map((index) => ({ url: page(index).url, title: page(index).title })),
      { maxLength: 2 },
    ),
    url: fc.constant(page(4).url),
    name: ownWords,
    alt: fc.option(ownWords),
  });

const answer = fc.array(fc.tuple(ownWords, marker), { minLength: 1, maxLength: 8 }).chain((pairs) =>
  fc.record({
    pairs: fc.constant(pairs),
    trailing: ownWords,
    references: pairs.some(([, each]) => isWhole(each))
      ? fc.array(rawReference(pairs.map(([, each]) => each).filter(isWhole)), { maxLength: 4 })
      : fc.constant([]),
    searched: fc.array(refId, { maxLength: 4 }),
    style: fc.constantFrom<CitationNumbers['style']>('inline', 'footnotes'),
  }),
);

/** Whether `needles` appear in `text` in order, white space aside (a removed marker takes its space along). */
function inOrder(text: string, needles: readonly string[]): boolean {
  const squeezed = text.replace(/\s/g, '');
  let from = 0;
  for (const needle of needles) {
    const at = squeezed.indexOf(needle.replace(/\s/g, ''), from);
    if (at === -1) return false;
    from = at + needle.replace(/\s/g, '').length;
  }
  return true;
}

describe('the citation marker rewriters', () => {
  fuzz(
    "keep the answer's own words in order, and leave no marker, in both citation styles",
    answer,
    ({ pairs, trailing, references, searched, style }) => {
      const text = `${pairs.map(([words, each]) => `${words}${each}`).join('')}${trailing}`;
      const searchResults = new Map(searched.map((id, index) => [id, page(index)]));
      const pieces = resolveCitations(text, {
        references: readContentReferences({ content_references: references }),
        searchResults,
      });
      const markdown = citedMarkdown(pieces, { style, next: 1 }, new Map());
      const words = [...pairs.map(([each]) => each), trailing];
      expect(inOrder(markdown, words)).toBe(true);
      expect(markdown).not.toMatch(/[\ue200-\ue2ff]|【[^】]*†/);
      expect(markdown).not.toMatch(/citeturn\d/);
    },
  );

  fuzz(
    'markers out of any text and any reference list, with nothing left to sweep a second time',
    fc.record({
      text: fc.oneof(
        hostileString,
        fc.array(fc.oneof(hostileString, marker), { maxLength: 6 }).map((parts) => parts.join('')),
      ),
      references: hostileJson,
    }),
    ({ text, references }) => {
      const swept = withoutMarkers(text);
      expect(swept).not.toMatch(/[\ue200-\ue2ff]/);
      expect(withoutMarkers(swept)).toBe(swept);
      const pieces = resolveCitations(text, {
        references: readContentReferences({ content_references: references }),
        searchResults: new Map(),
      });
      for (const piece of pieces) {
        if (piece.kind === 'text' || piece.kind === 'words')
          expect(piece.text).not.toMatch(/[\ue200-\ue2ff]/);
      }
    },
  );
});
