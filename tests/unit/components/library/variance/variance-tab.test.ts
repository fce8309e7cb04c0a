import { describe, expect, it } from 'vitest';
import { VarianceReport } from '@/components/library/variance/VarianceReport';
import { NO_BRANDS } from '@/lib/library/brand-settings';
import { libraryConversation, page, turn } from '@/tests/support/library-records';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

const asked = (prompt: string, query: string, domain: string) =>
  turn(1, {
    prompt,
    searched: true,
    queries: [{ text: query, kind: 'search', order: 0 }],
    pages: [page(`https://${domain}/p`, { domain, cited: true, citations: 1 })],
  });

/** "Best oak table?" three times: queries {oak table}, {oak table}, {oak desk} → 1, 0, 0 → 33.3%. */
const RECORDS = [
  libraryConversation('c1', [asked('Best oak table?', 'oak table', 'a.example')]),
  libraryConversation('c2', [asked('best oak  table?', 'oak table', 'a.example')]),
  libraryConversation('c3', [asked('Best oak table?', 'oak desk', 'b.example')]),
  libraryConversation('c4', [asked('Asked once', 'once', 'a.example')]),
];

describe('the Variance tab', () => {
  it('lists each prompt asked again with its versions and what they share', () => {
    const text = visibleText(renderView(VarianceReport, { records: RECORDS, brands: NO_BRANDS }));
    expect(text).toContain('1 prompt was asked two or more times, with 3 versions in all.');
    expect(text).toContain('Best oak table?');
    expect(text).not.toContain('Asked once');
    // Queries and domains alike: pairs share 1, 0 and 0 of them.
    expect(text).toMatch(/Best oak table\?\s*3\s*33\.3%\s*100%\s*33\.3%\s*33\.3%/);
    expect(text).toContain('ask the same prompt again in a new chat, or regenerate an answer');
  });

  it('says how to measure it when no prompt was asked twice', () => {
    const text = visibleText(renderView(VarianceReport, { records: RECORDS.slice(3), brands: NO_BRANDS }));
    expect(text).toContain('No prompt in the library has two versions yet.');
    expect(text).toContain('regenerate an answer');
  });
});
