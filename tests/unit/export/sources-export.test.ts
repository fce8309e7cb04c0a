import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportSourcesCsv, SOURCES_CSV_HEADER } from '@/features/sources/sources-csv';
import { toExportDocument } from '@/lens/export/json-export';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { inspect } from '@/lens/insights/inspection';
import type { NormalizedMessage } from '@/lib/model/conversation';
import { AD_TRACKING_CANARY } from '@/tests/replica/fixtures/ads';
import { citationsConversation, cite } from '@/tests/unit/fixtures/citations';
import { conversationOf, message } from '@/tests/unit/insights/build-conversation';
import { arbitraryInspection } from './arbitrary-inspection';
import { EXPORTED_AT } from './rich-inspection';

/** Markers of every form a reader could still see: private-use characters, 【…†…】, plain-text remnants. */
const ANY_MARKER = /[\ue200-\ue2ff]|【[^【】]*†[^【】]*】|citeturn\d+[a-z_]+\d+|entity\["[^\]]*"\]/u;

const citations = () => inspect({ conversation: citationsConversation() });
const transcriptOf = (markdown: string): string =>
  markdown.slice(markdown.indexOf('## Transcript'), markdown.indexOf('## Search queries'));

function answerWith(text: string, metadata: Record<string, unknown>): NormalizedMessage[] {
  return [message({ id: 'u', role: 'user', text: 'Question?' }), message({ id: 'a', text, metadata })];
}

describe('JSON export: top-level sources[]', () => {
  it('has one row per page and turn with the members of the contract', () => {
    const { sources, conversation } = toExportDocument(citations(), { exportedAt: EXPORTED_AT });
    expect(sources).toHaveLength(9);
    expect(sources[0]).toEqual({
      url: 'https://www.timeout.com/lisbon/where-to-stay-in-lisbon',
      title: 'Where to stay in Lisbon: the best neighbourhoods',
      domain: 'timeout.com',
      attribution: 'Time Out',
      turnIndex: 1,
      messageId: 'cit-4',
      cited: true,
      retrieved: true,
      rank: 1,
    });
    // The contract's conversation.sources keeps its meaning: the formats' load status.
    expect(Object.keys(conversation.sources)).toEqual(['messages', 'tree', 'stream']);
  });

  it('is empty for a conversation without web search', () => {
    const inspection = inspect({ conversation: conversationOf(answerWith('Hi', {})) });
    expect(toExportDocument(inspection, { exportedAt: EXPORTED_AT }).sources).toEqual([]);
  });
});

describe('CSV of the sources', () => {
  it('has its header, then a row per page with cited and retrieved as true or false', () => {
    const lines = exportSourcesCsv(citations()).split('\r\n');
    expect(lines[0]).toBe(SOURCES_CSV_HEADER.join(','));
    expect(lines[6]).toBe(
      'c-cite,1,cit-4,https://www.lisbonlux.com/lisbon/where-to-stay/,Where to Stay in Lisbon - Best Areas & Hotels,lisbonlux.com,lisbonlux.com,false,true',
    );
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)).toBe('');
  });

  it('writes one header for many conversations', () => {
    const csv = exportSourcesCsv([citations(), citations()]);
    expect(csv.split('\r\n').filter((line) => line.startsWith('conversation_id'))).toHaveLength(1);
    expect(csv.split('\r\n')).toHaveLength(20);
  });
});

describe('Markdown: citation markers and sources', () => {
  it('rewrites every marker and lists the pages under each answer, uncited ones apart', () => {
    const transcript = transcriptOf(exportMarkdown(citations(), { exportedAt: EXPORTED_AT }));
    expect(transcript).not.toMatch(ANY_MARKER);
    expect(transcript).toContain(
      'within a walk ([Time Out](<https://www.timeout.com/lisbon/where-to-stay-in-lisbon>), [The Guardian](',
    );
    expect(transcript).toContain('a box travels well: Manteigaria pastéis de nata, box of 6\n');
    expect(transcript).toContain('For a first visit to Lisbon, stay in');
    expect(transcript).toContain(
      '_Also found by the search, not cited:_ [Where to Stay in Lisbon - Best Areas & Hotels](<https://www.lisbonlux.com/lisbon/where-to-stay/>)',
    );
    expect(transcript.match(/\*\*Sources\*\*/g)).toHaveLength(2);
  });

  it('as footnotes: a number per cited page and turn, its definition under the answer', () => {
    const transcript = transcriptOf(
      exportMarkdown(citations(), { exportedAt: EXPORTED_AT, citations: 'footnotes' }),
    );
    expect(transcript).toContain('everything within a walk[^1][^2][^3]');
    expect(transcript).toContain('busy with day-trippers[^3].');
    for (let number = 1; number <= 7; number += 1) {
      // Defined once and referred to: a renderer drops a footnote nothing refers to.
      expect(transcript.match(new RegExp(`^\\[\\^${number}\\]: `, 'gm'))).toHaveLength(1);
      expect(transcript).toMatch(new RegExp(`\\[\\^${number}\\](?!:)`));
    }
    expect(transcript).not.toContain('[^8]');
    // The page only the sources_footnote cites has no marker, so it is listed instead.
    expect(transcript).toContain(
      '**Sources**\n\n- [The Best Pastéis de Nata in Lisbon](<https://www.eater.com/maps/best-pastel-de-nata-lisbon>) — Eater',
    );
  });

  it('makes only web links clickable and keeps titles from breaking the line', () => {
    const markdown = exportMarkdown(
      inspect({
        conversation: conversationOf(
          answerWith(`Claim ${cite('turn0search0')}.`, {
            content_references: [
              {
                type: 'grouped_webpages',
                matched_text: cite('turn0search0'),
                items: [
                  { url: 'javascript:alert(1)', title: 'Evil', attribution: 'evil' },
                  { url: 'https://ok.example/a b', title: 'A [title] | with\nbreaks', attribution: 'OK' },
                ],
              },
            ],
          }),
        ),
      }),
      { exportedAt: EXPORTED_AT },
    );
    expect(markdown).toContain('Claim (evil, [OK](<https://ok.example/a%20b>)).');
    expect(markdown).toContain('- [A \\[title\\] \\| with breaks](<https://ok.example/a%20b>) — OK');
    expect(markdown).not.toContain('](javascript');
  });

  it('drops the tracking parameters and utm_source=chatgpt.com of cited and found pages', () => {
    const url = `https://shop.example/p?id=7&oppref=${AD_TRACKING_CANARY}&utm_source=chatgpt.com`;
    const inspection = inspect({
      conversation: conversationOf(
        answerWith(`Buy ${cite('turn0search0')}`, {
          content_references: [{ type: 'webpage', matched_text: cite('turn0search0'), url, title: 'Shop' }],
          search_result_groups: [{ domain: 'shop.example', entries: [{ url, title: 'Shop' }] }],
        }),
      ),
    });
    const exports = [
      exportMarkdown(inspection, { exportedAt: EXPORTED_AT }),
      JSON.stringify(toExportDocument(inspection, { exportedAt: EXPORTED_AT }).sources),
      exportSourcesCsv(inspection),
    ].join('\n');
    expect(exports).not.toContain(AD_TRACKING_CANARY);
    expect(exports).not.toContain('utm_source');
    expect(inspection.sources.map((source) => source.url)).toEqual(['https://shop.example/p?id=7']);
  });

  it('rewrites the markers of a message whose id another message repeats', () => {
    // The inspection reads one message per id (the last); the first one's markers are still rewritten.
    const conversation = conversationOf([
      message({ id: 'u', role: 'user', text: 'Question?' }),
      message({ id: 'a', text: `Early ${cite('turn0search0')} claim, entity["city","Porto","portugal"].` }),
      message({ id: 'a', text: 'Later answer.' }),
    ]);
    const transcript = transcriptOf(exportMarkdown(inspect({ conversation }), { exportedAt: EXPORTED_AT }));
    expect(transcript).toContain('Early claim, Porto.\n\nLater answer.');
    expect(transcript).not.toMatch(ANY_MARKER);
  });

  it('leaves no marker in any transcript and never throws, for any conversation', () => {
    const withMarkers = fc.constantFrom(
      cite('turn0search0', 'turn0news1'),
      'citeturn0search0',
      '\ue200entity\ue202["city","Porto"]\ue201',
      'entity["city","Porto"]',
      '【3†L1-L9】',
      '\ue203',
    );
    fc.assert(
      fc.property(arbitraryInspection(), fc.array(withMarkers, { maxLength: 4 }), (inspection, markers) => {
        const messages = inspection.conversation.messages.map((each, index) => ({
          ...each,
          text: `${markers[index % Math.max(markers.length, 1)] ?? ''}${each.text}${markers.join(' ')}`,
        }));
        const conversation = { ...inspection.conversation, messages };
        for (const citationsStyle of ['inline', 'footnotes'] as const) {
          const markdown = exportMarkdown(inspect({ conversation }), {
            exportedAt: EXPORTED_AT,
            citations: citationsStyle,
          });
          expect(transcriptOf(markdown)).not.toMatch(ANY_MARKER);
        }
      }),
      { numRuns: 150 },
    );
  });
});
