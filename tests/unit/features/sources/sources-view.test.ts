import { describe, expect, it } from 'vitest';
import { SourcesView } from '@/features/sources/SourcesView';
import { renderView, snapshotOf, visibleText } from '@/tests/unit/components/views/lens-snapshots';

describe('SourcesView', () => {
  it('shows the live search conversation’s sites, then its pages by turn with the cited ones marked in words', () => {
    const snapshot = snapshotOf('liveSearch');
    const html = renderView(SourcesView, { snapshot });
    const text = visibleText(html);
    expect(snapshot.sources.some((source) => source.cited)).toBe(true);
    expect(text).toMatch(/^Sources \d+ pages, \d+ cited from \d+ sites/);
    expect(text).toContain('Site Cited Retrieved');
    expect(text).toContain('✓ Cited');
    expect(text).toMatch(/Turn 1: Where should I stay in Lisbon[^·]+ · \d+ pages?, \d+ cited/);
    // Every link leaves in a new tab that learns nothing of the extension.
    const links = [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => tag);
    expect(links.length).toBeGreaterThan(0);
    for (const tag of links) {
      expect(tag).toContain('target="_blank"');
      expect(tag).toContain('rel="noreferrer noopener"');
    }
  });

  it('says when the conversation ran no web search', () => {
    expect(visibleText(renderView(SourcesView, { snapshot: snapshotOf('plain') }))).toContain(
      'No web search in this conversation.',
    );
  });

  it('does not deny a search the Queries view lists when no page of it was recorded', () => {
    const text = visibleText(renderView(SourcesView, { snapshot: snapshotOf('products') }));
    expect(text).toContain('The searches of this conversation recorded no web pages.');
    expect(text).not.toContain('No web search');
  });
});
