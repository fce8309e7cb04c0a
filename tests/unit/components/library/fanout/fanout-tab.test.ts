import { describe, expect, it } from 'vitest';
import { FanoutReport } from '@/components/library/fanout/FanoutReport';
import { NO_CHOICE } from '@/components/library/tables/table-choices';
import { NO_BRANDS } from '@/lib/library/brand-settings';
import { LODGE_AND_ACME, libraryConversation, turn } from '@/tests/support/library-records';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

const asked = (prompt: string, queries: readonly string[], model = 'gpt-5') =>
  turn(1, {
    prompt,
    model,
    queries: queries.map((text, order) => ({ text, kind: 'search' as const, order })),
  });

/** "Best boots?" searched twice, with 2 then 1 queries; one of its three queries names Acme. */
const RECORDS = [
  libraryConversation('c1', [asked('Best boots?', ['best boots', 'acme boots'])]),
  libraryConversation('c2', [asked('best boots?', ['best boots'], 'gpt-4o')]),
];
const TABLES = { models: ['gpt-4o', 'gpt-5'], conversations: [] };
const props = { tables: TABLES, choice: NO_CHOICE, onChoice: () => {} };

describe('the Fan-out tab', () => {
  it('lists the queries and how each prompt fans out', () => {
    const text = visibleText(
      renderView(FanoutReport, { ...props, records: RECORDS, brands: LODGE_AND_ACME }),
    );
    expect(text).toContain('2 of 2 queries');
    expect(text).toMatch(/best boots\s*2\s*1\s*2\s*gpt-4o \| gpt-5/);
    // Mean 1.5 queries, from 1 to 2; one of three names a brand; "acme" added, nothing dropped but "?".
    expect(text).toMatch(/Best boots\?\s*2\s*1\.5\s*1–2\s*33\.3%\s*acme/);
    expect(text).not.toContain('No brand is set');
  });

  it('honours the model filter', () => {
    const choice = { ...NO_CHOICE, filter: { ...NO_CHOICE.filter, model: 'gpt-4o' } };
    const text = visibleText(
      renderView(FanoutReport, { ...props, choice, records: RECORDS, brands: LODGE_AND_ACME }),
    );
    expect(text).toContain('1 of 2 queries');
    expect(text).not.toContain('acme boots');
  });

  it('keeps the queries and prompts holding the words typed, in any case', () => {
    const choice = { ...NO_CHOICE, filter: { ...NO_CHOICE.filter, text: 'ACME' } };
    const text = visibleText(
      renderView(FanoutReport, { ...props, choice, records: RECORDS, brands: LODGE_AND_ACME }),
    );
    expect(text).toContain('1 of 2 queries');
    expect(text).toContain('No prompt matches these words.');
  });

  it('says once when no brand is set, and what is missing when nothing searched', () => {
    expect(
      visibleText(renderView(FanoutReport, { ...props, records: RECORDS, brands: NO_BRANDS })),
    ).toContain('No brand is set');
    const none = [libraryConversation('c1', [asked('Hello', [])])];
    expect(visibleText(renderView(FanoutReport, { ...props, records: none, brands: NO_BRANDS }))).toContain(
      'No search ran in the kept conversations',
    );
  });
});
