import { describe, expect, it } from 'vitest';
import { exportSourcesCsv } from '@/features/sources/sources-csv';
import { exportMarkdown } from '@/lens/export/markdown-export';
import { bothFormats, EXPORTED_AT, liveSearchInspection } from './rich-inspection';

/**
 * The replica's liveSearch conversation (the live site's citation shapes) read as the extension reads it:
 * both formats through the real normalizers, merged, inspected and exported.
 */
const ANY_MARKER = /[\ue200-\ue2ff]|【[^【】]*†[^【】]*】|citeturn\d+[a-z_]+\d+|entity\["[^\]]*"\]/u;

const liveSearch = liveSearchInspection;

describe('the live search scenario', () => {
  it('really carries the markers, and offsets counted in code points', () => {
    const { messages } = bothFormats('liveSearch');
    const answer = messages.messages.find((message) => message.text.startsWith('🏙️'));
    expect(answer?.text).toContain('\ue200cite\ue202turn0search0\ue202turn0news4\ue201');
    const references = answer?.metadata.content_references as Array<Record<string, unknown>>;
    const chained = references.find((reference) => reference.type === 'grouped_webpages');
    const start = chained?.start_idx as number;
    expect(answer?.text.startsWith(chained?.matched_text as string, start)).toBe(false);
    expect(answer?.text.startsWith(chained?.matched_text as string, start + 1)).toBe(true);
  });

  it('lists every page per turn, cited or only found, with clean links', () => {
    const { sources } = liveSearch();
    expect(
      sources.map((source) => [source.turnIndex, source.domain, source.cited, source.retrieved]),
    ).toEqual([
      [1, 'timeout.com', true, true],
      [1, 'theguardian.com', true, true],
      [1, 'nytimes.com', true, true],
      [1, 'eater.com', true, false],
      [1, 'tasteatlas.com', true, true],
      [1, 'lisbonlux.com', false, true],
      [2, 'gulbenkian.pt', true, false],
      [2, 'castelodesaojorge.pt', true, true],
      [2, 'en.wikipedia.org', true, true],
      [3, 'castelodesaojorge.pt', true, true],
      [3, 'en.wikipedia.org', true, true],
    ]);
    expect(exportSourcesCsv(liveSearch())).not.toContain('utm_source');
  });

  it('exports Markdown where every marker shows what the site shows and none is left', () => {
    const markdown = exportMarkdown(liveSearch(), { exportedAt: EXPORTED_AT });
    expect(markdown).not.toMatch(ANY_MARKER);
    expect(markdown).toContain('For a first visit to Lisbon, stay in');
    expect(markdown).toContain('a box travels well: Manteigaria pastéis de nata, box of 6');
    expect(markdown).toContain('The walk up to Castelo de São Jorge takes twenty minutes');
    expect(markdown).toContain(
      'The district is the oldest in the city ([Wikipedia](<https://en.wikipedia.org/wiki/Alfama>)). Fado houses line its lanes.',
    );
  });
});
