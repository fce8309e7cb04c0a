import { describe, expect, it } from 'vitest';
import { DetailsView, detailsView } from '@/features/details/DetailsView';
import { renderView, snapshotOf, visibleText } from '@/tests/unit/components/views/lens-snapshots';

describe('DetailsView', () => {
  it('shows both formats loaded, what the tree lacks, the transport counts', () => {
    const snapshot = snapshotOf('webSearch');
    const text = visibleText(renderView(DetailsView, { snapshot }));
    expect(text).toMatch(/Messages yes yes \d+/);
    expect(text).toMatch(/Tree yes yes 1/);
    expect(text).toContain('The two formats differ.');
    expect(text).toContain('Keys the tree lacks (per response)');
    expect(text).toMatch(/search_model_queries on \d+ messages?/);
    expect(text).toMatch(/Messages only in the messages format \(\d+\)/);
    expect(text).toContain('Answers streamed over WebSocket');
    expect(text).toContain('WebSocket answer items 2');
  });

  it('gives the formats table a Note column only when a format has a note', () => {
    const snapshot = snapshotOf('webSearch');
    const headings = (html: string) => [...html.matchAll(/<th scope="col">([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(headings(renderView(DetailsView, { snapshot }))).toEqual([
      'Format',
      'Loaded',
      'Complete',
      'Pages or answers',
    ]);
    const loads = snapshot.formatLoads;
    if (loads === null) throw new Error('the fixture holds its formats');
    const noted = {
      ...snapshot,
      formatLoads: { ...loads, tree: { ...loads.tree, note: 'The tree answered 404.' } },
    };
    const html = renderView(DetailsView, { snapshot: noted });
    expect(headings(html)).toEqual(['Format', 'Loaded', 'Complete', 'Pages or answers', 'Note']);
    expect(visibleText(html)).toMatch(/Tree yes yes 1 The tree answered 404\. Answer streams no no 0 /);
  });

  it('lists the extra top-level keys of the conversation', () => {
    const snapshot = snapshotOf('extraKeys');
    expect(snapshot.summary?.extraKeys.length).toBeGreaterThan(0);
    const text = visibleText(renderView(DetailsView, { snapshot }));
    for (const key of snapshot.summary?.extraKeys ?? []) expect(text).toContain(key);
  });

  it('says the formats are compared once both are loaded', () => {
    const text = visibleText(
      renderView(DetailsView, { snapshot: snapshotOf('treeMissing', { withTree: false }) }),
    );
    expect(text).toMatch(/Tree no no 0/);
    expect(text).toContain('The formats are compared once both the messages format and the tree are loaded.');
  });

  it('says what it could not read, and counts it on the tab; says so when all was read', () => {
    const read = snapshotOf('webSearch');
    expect(visibleText(renderView(DetailsView, { snapshot: read }))).toContain(
      'Nothing: every content type, citation, tool and record was understood.',
    );
    expect(detailsView.count(read)).toBeUndefined();
    const snapshot = {
      ...read,
      unread: [
        {
          kind: 'content-type' as const,
          name: 'computer_output',
          count: 3,
          at: ['message.content.content_type'],
        },
        { kind: 'tool' as const, name: 'container.exec', count: 1, at: ['message.recipient'] },
      ],
    };
    const text = visibleText(renderView(DetailsView, { snapshot }));
    expect(text).toContain('could not read: the site may have changed shape');
    expect(text).toContain('content type computer_output ×3');
    expect(text).toContain('tool container.exec');
    expect(detailsView.count(snapshot)).toBe(2);
  });
});
