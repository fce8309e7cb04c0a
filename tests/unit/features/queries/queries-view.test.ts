import { describe, expect, it } from 'vitest';
import { QueriesView } from '@/features/queries/QueriesView';
import { renderView, snapshotOf, visibleText } from '@/tests/unit/components/views/lens-snapshots';

describe('QueriesView', () => {
  it('lists the queries of the web-search conversation by turn, each with its kind and source', () => {
    const snapshot = snapshotOf('webSearch');
    const text = visibleText(renderView(QueriesView, { snapshot }));
    const total = snapshot.queries?.queries.length ?? 0;
    expect(total).toBeGreaterThan(0);
    expect(text).toContain(`${total} of ${total}`);
    // A turn is named as a reader counts it, with the user's question (turn-labels.ts).
    expect(text).toMatch(/Turn \d+: [^·]+ · \d+ quer(y|ies)\b/);
    expect(text).not.toContain('querys');
    expect(text).toContain('Copy all');
    const first = snapshot.queries?.queries[0];
    expect(text).toContain(first?.text);
  });

  it('names an opened page by its title, and never by its reference id', () => {
    const snapshot = snapshotOf('webSearch');
    const opens = (snapshot.queries?.queries ?? []).filter((query) => query.kind === 'open');
    expect(opens.length).toBeGreaterThan(0);
    const text = visibleText(renderView(QueriesView, { snapshot }));
    for (const open of opens) expect(text).toContain(open.page?.title ?? open.text);
    expect(text).not.toMatch(/turn\d+search\d+/);
  });

  it('says when the conversation ran no web search', () => {
    const text = visibleText(renderView(QueriesView, { snapshot: snapshotOf('plain') }));
    expect(text).toContain('No web search in this conversation.');
  });
});

describe('QueriesView of a very long conversation', () => {
  it('renders a few dozen rows of thousands of queries, each saying its place in the whole list', () => {
    const snapshot = snapshotOf('plain');
    const queries = Array.from({ length: 6000 }, (_, index) => ({
      text: `query ${index}`,
      kind: 'search' as const,
      source: 'search_model_queries' as const,
      messageId: `m${index}`,
      turnIndex: Math.floor(index / 3),
      page: null,
    }));
    const html = renderView(QueriesView, {
      snapshot: { ...snapshot, queries: { queries, mayBeIncomplete: false, note: null } },
    });
    const items = html.match(/<li /g) ?? [];
    expect(items.length).toBeGreaterThan(5);
    expect(items.length).toBeLessThan(60);
    expect(html).toContain('aria-setsize="8000"');
    expect(visibleText(html)).toContain('6000 of 6000');
  });
});
