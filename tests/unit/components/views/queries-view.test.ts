import { describe, expect, it } from 'vitest';
import { QueriesView } from '@/components/views/QueriesView';
import { renderView, snapshotOf, visibleText } from './lens-snapshots';

describe('QueriesView', () => {
  it('lists the queries of the web-search conversation by turn, each with its kind and source', () => {
    const snapshot = snapshotOf('webSearch');
    const text = visibleText(renderView(QueriesView, { snapshot }));
    const total = snapshot.queries?.queries.length ?? 0;
    expect(total).toBeGreaterThan(0);
    expect(text).toContain(`${total} of ${total}`);
    expect(text).toMatch(/Turn \d+ · \d+ quer(y|ies)\b/);
    expect(text).not.toContain('querys');
    expect(text).toContain('Copy all');
    const first = snapshot.queries?.queries[0];
    expect(text).toContain(first?.text);
  });

  it('says when the conversation ran no web search', () => {
    const text = visibleText(renderView(QueriesView, { snapshot: snapshotOf('plain') }));
    expect(text).toContain('No web search in this conversation.');
  });
});
