import { describe, expect, it } from 'vitest';
import { readingHealth } from '@/features/details/reading-health';
import { withoutMarkers } from '@/features/sources/citation-sweep';
import { KNOWN_REFERENCE_TYPES } from '@/features/sources/content-references';
import { summarizeDomains } from '@/features/sources/domain-summary';
import { type CitationStyle, citedMarkdown } from '@/features/sources/markdown-citations';
import { extractSources } from '@/features/sources/sources';
import type { Conversation } from '@/lib/model/conversation';
import {
  MARKERS,
  referenceTypeMessages,
  referenceTypesConversation,
} from '@/tests/unit/fixtures/reference-types';
import { conversationOf } from '@/tests/unit/insights/build-conversation';

/** Each answer's Markdown, by message id, as the transcript writes it. */
function markdownOf(conversation: Conversation, style: CitationStyle = 'inline'): Map<string, string> {
  const numbers = { style, next: 1 };
  return new Map(
    extractSources(conversation).citedMessages.map((cited) => [
      cited.messageId,
      citedMarkdown(cited.pieces, numbers, new Map()),
    ]),
  );
}

/** Every marker form: the private-use characters of markers and highlights, `【…】`, bare remnants. */
const ANY_MARKER = /[\ue200-\ue206]|【[^】]*】|citeturn\d|memcite|entity\[/;

const CONTRADICTION = 'citation marker with no reference to resolve it';

describe('the 2026 reference types', () => {
  const shown = markdownOf(referenceTypesConversation());

  it('shows what each holds in place of its marker', () => {
    expect(Object.fromEntries(shown)).toEqual({
      'rt-grouped': 'Tram 28 climbs to the castle ([Tram Guide](<https://www.tramguide.example/lisbon/28>)).',
      'rt-fallback':
        'Buy a Viva Viagem card first ([Transit Atlas](<https://transit-atlas.example/lisbon/fares>)).',
      'rt-businesses':
        'Bakeries near Chiado:\n\n[Padaria Aurora](<https://padaria-aurora.example/>), ' +
        '[Forno do Largo](<https://maps.example/place/forno-do-largo>)\n\nBoth open at seven.',
      'rt-tldr': '**In short: trams before nine.** Start early. The hills tire you by noon.',
      'rt-image':
        'The tiles of Graça look like this [Image: Blue tiles of Graça](<https://azulejo-notes.example/graca-patterns>).',
      'rt-video':
        'Watch before you go: [Fado at dusk in Alfama](<https://www.youtube.com/watch?v=fadoAlfama01>)',
      'rt-product': 'For the market, a Cork tote bag holds a lot.',
      'rt-file': 'Your draft already books the ferry (lisbon-itinerary.docx).',
      'rt-memory': 'You like quiet streets, so stay in Graça (Memory).',
      'rt-memory-bare': 'You walk slowly, so plan two sights a day. (Memory)',
      'rt-unresolved': 'Miradouros are free ([Miradouros](<https://miradouros.example/>)) and open late.',
    });
  });

  it('leaves no marker in any answer, in either citation style', () => {
    for (const style of ['inline', 'footnotes'] as const)
      for (const [id, markdown] of markdownOf(referenceTypesConversation(), style))
        expect(markdown, `${id} (${style})`).not.toMatch(ANY_MARKER);
  });

  it('shows business fallbacks when the site renders them, and never an upload pointer', () => {
    const [first] = referenceTypeMessages().filter((message) => message.id === 'rt-businesses');
    if (first === undefined) throw new Error('no businesses answer');
    const [map] = first.metadata.content_references as Array<Record<string, unknown>>;
    if (map === undefined) throw new Error('no map');
    map.render_fallbacks = true;
    expect(markdownOf(conversationOf([first])).get('rt-businesses')).toBe(
      'Bakeries near Chiado:\n\n[Casa do Pão](<https://casadopao.example/>)\n\nBoth open at seven.',
    );
    expect([...shown.values()].join('\n')).not.toMatch(/file-service|libfile_|file_index/);
  });

  it('counts web pages as sources, never a file, a memory or a map’s businesses', () => {
    const { sources } = extractSources(referenceTypesConversation());
    expect(sources.map((source) => source.url)).toEqual([
      'https://www.tramguide.example/lisbon/28',
      'https://transit-atlas.example/lisbon/fares',
      'https://azulejo-notes.example/graca-patterns',
      'https://www.youtube.com/watch?v=fadoAlfama01',
      'https://miradouros.example/',
    ]);
    expect(summarizeDomains(sources).map((tally) => tally.domain)).toEqual([
      'azulejo-notes.example',
      'miradouros.example',
      'tramguide.example',
      'transit-atlas.example',
      'youtube.com',
    ]);
  });
});

describe('reading health of the 2026 reference types', () => {
  it('knows every type and counts exactly the one marker no reference resolves', () => {
    for (const type of ['grouped_webpages_v2', 'grouped_webpages_model_predicted_fallback', 'businesses_map'])
      expect(KNOWN_REFERENCE_TYPES.has(type), type).toBe(true);
    expect(readingHealth({ conversation: referenceTypesConversation() })).toEqual([
      { kind: 'contradiction', name: CONTRADICTION, count: 1, at: ['message.content.parts[]'] },
    ]);
  });

  it('counts nothing once the marker has its reference, and a marker for each one lacking', () => {
    const messages = referenceTypeMessages();
    const unresolved = messages.find((message) => message.id === 'rt-unresolved');
    if (unresolved === undefined) throw new Error('no answer');
    const references = unresolved.metadata.content_references as unknown[];
    references.push({ type: 'webpage', matched_text: MARKERS.unresolved, url: 'https://late.example/' });
    expect(readingHealth({ conversation: conversationOf(messages) })).toEqual([]);
    references.splice(0);
    expect(readingHealth({ conversation: conversationOf(messages) })).toEqual([
      { kind: 'contradiction', name: CONTRADICTION, count: 2, at: ['message.content.parts[]'] },
    ]);
  });

  it('counts a memory marker in an answer that lists no memory, and none in a tree-format answer', () => {
    const [, , , , , , , , , memory] = referenceTypeMessages();
    if (memory === undefined) throw new Error('no memory answer');
    const { conversation_context_citation_metadata: _memories, ...withoutMemories } = memory.metadata;
    const bare = { ...memory, metadata: { ...withoutMemories, content_references: [] } };
    expect(readingHealth({ conversation: conversationOf([bare]) })).toEqual([
      { kind: 'contradiction', name: CONTRADICTION, count: 1, at: ['message.content.parts[]'] },
    ]);
    const tree = { ...memory, metadata: {} };
    expect(readingHealth({ conversation: conversationOf([tree]) })).toEqual([]);
    expect(withoutMarkers(memory.text)).toBe('You like quiet streets, so stay in Graça.');
  });
});
