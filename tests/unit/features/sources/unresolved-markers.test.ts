import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readingHealth } from '@/features/details/reading-health';
import { readCitations } from '@/features/sources/citation-markers';
import { sweepMarkers } from '@/features/sources/citation-sweep';
import { type ReferencedPage, readContentReferences } from '@/features/sources/content-references';
import { inspect } from '@/lens/insights/inspection';
import { ownWords, refId, wholeMarker } from '@/tests/unit/fixtures/citation-arbitraries';
import { citationsConversation } from '@/tests/unit/fixtures/citations';
import { referenceTypesConversation } from '@/tests/unit/fixtures/reference-types';

/**
 * The markers of an answer nothing resolves (export-format "`unread`") are counted in the sweep that cuts the
 * answer into pieces (features/sources/citation-markers.ts), not by sweeping the text again: the count is the
 * one a sweep judging each marker alone gives, whatever the markers are (resolved, unresolved, cut short).
 */

/** Every marker form, with malformed ones: unknown kinds, an entity without a name, cut short, stray characters. */
const marker = fc.oneof(
  wholeMarker,
  fc.constantFrom(
    '\ue200image_group\ue202{"query":["x"]}\ue201',
    '\ue200unknown\ue202a\ue201',
    '\ue200entity\ue202["city",\ue201',
    '\ue200\ue201',
    '\ue200memcite\ue202m1\ue201',
    'memcite',
  ),
  // Cut short: a marker is one line, so the line ends here.
  refId.map((id) => `\ue200cite\ue202${id}\n`),
  fc.constantFrom('\ue200\n', '\ue202', '\ue2ff', '\ue201'),
);

const page = (id: string): ReferencedPage => ({
  url: `https://${id}.example/`,
  title: null,
  attribution: null,
});

/** A whole marker that stands nowhere else in the text, not even inside another marker: a reference's matched_text. */
function referable(text: string, tokens: readonly string[]): string[] {
  const whole = tokens.filter((token) => token.length > 1 && !token.endsWith('\n'));
  return whole.filter((token) => text.split(token).length - 1 === whole.filter((t) => t === token).length);
}

const answer = fc.array(fc.tuple(ownWords, marker), { minLength: 1, maxLength: 8 }).chain((pairs) => {
  const text = pairs.map(([words, each]) => `${words} ${each} `).join('');
  const markers = referable(
    text,
    pairs.map(([, each]) => each),
  );
  return fc.record({
    text: fc.constant(text),
    references: fc.array(
      fc.record({
        type: fc.constantFrom('grouped_webpages', 'hidden', 'entity', 'unknown_kind'),
        matched_text: markers.length === 0 ? fc.constant('') : fc.constantFrom(...markers),
        start_idx: fc.option(fc.nat(text.length)),
        items: fc.constant([{ url: 'https://cited.example/' }]),
        name: ownWords,
      }),
      { maxLength: 4 },
    ),
    searched: fc.array(refId, { maxLength: 4 }),
    citesMemory: fc.boolean(),
  });
});

/** Every marker of the text judged alone: no reference has its text, it names no search result, shows nothing of its own. */
function judgedAlone(
  text: string,
  matched: ReadonlySet<string>,
  searched: ReadonlySet<string>,
  citesMemory: boolean,
): number {
  let count = 0;
  sweepMarkers(text, (marker, replacement) => {
    const resolved =
      matched.has(marker) ||
      replacement?.kind === 'words' ||
      (replacement?.kind === 'memory' && citesMemory) ||
      (replacement?.kind === 'ids' && replacement.ids.some((id) => searched.has(id)));
    if (!resolved) count += 1;
    return null;
  });
  return count;
}

describe('the markers nothing resolves', () => {
  it('are those a sweep judging each marker alone counts', () => {
    fc.assert(
      fc.property(answer, ({ text, references, searched, citesMemory }) => {
        const searchResults = new Map(searched.map((id) => [id, page(id)]));
        const { unresolved } = readCitations(text, {
          references: readContentReferences({ content_references: references }),
          searchResults,
          citesMemory,
        });
        const matched = new Set(references.map((reference) => reference.matched_text));
        expect(unresolved).toBe(judgedAlone(text, matched, new Set(searched), citesMemory));
      }),
      { numRuns: 300 },
    );
  });

  it('read by the inspection are those reading health counts alone', () => {
    for (const conversation of [referenceTypesConversation(), citationsConversation()]) {
      const alone = readingHealth({ conversation });
      expect(alone.some((unread) => unread.name.startsWith('citation marker'))).toBe(true);
      expect(inspect({ conversation }).unread).toEqual(alone);
    }
  });
});
