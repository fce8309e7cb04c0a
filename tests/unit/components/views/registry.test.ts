import type { FunctionComponent } from 'react';
import { describe, expect, it } from 'vitest';
import { VIEWS } from '@/components/views/registry';
import type { ViewProps } from '@/components/views/view-entry';
import { renderView, snapshotOf, visibleText } from './lens-snapshots';

/** The view registry (architecture "Registries"): every view is one entry, and every entry is wired. */
describe('the views', () => {
  const snapshot = snapshotOf('webSearch', {
    ads: { shown: true, wire: 'live' },
    productsOf: 'products',
  });
  const props: ViewProps = { snapshot, onRefreshOffers: () => undefined };

  it.each(VIEWS.map((view) => [view.id, view] as const))('%s renders what it counts', (_, view) => {
    const text = visibleText(renderView(view.View as FunctionComponent<ViewProps>, props));
    expect(text.length).toBeGreaterThan(40);
    expect(text).not.toContain('undefined');
    const count = view.count(snapshot);
    if (count !== undefined) expect(count).toBeGreaterThan(0);
  });

  it('names each view once, and the number keys reach them all', () => {
    expect(new Set(VIEWS.map((view) => view.id)).size).toBe(VIEWS.length);
    expect(new Set(VIEWS.map((view) => view.label)).size).toBe(VIEWS.length);
    expect(VIEWS.length).toBeLessThanOrEqual(9);
  });
});
