import { describe, expect, it } from 'vitest';
import { LibraryTabs } from '@/components/library/LibraryTabs';
import { LIBRARY_TAB_IDS, needsRecords, tabOfHash } from '@/components/library/library-tabs';
import { tabAfterKey } from '@/components/shell/tab-keys';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

describe('the library tabs', () => {
  it('are the ten tabs, in order', () => {
    expect(LIBRARY_TAB_IDS).toEqual([
      'overview',
      'queries',
      'pages',
      'ads',
      'offers',
      'brands',
      'trends',
      'variance',
      'fanout',
      'manage',
    ]);
  });

  it('open the tab the hash names, and the overview for any other hash', () => {
    expect(tabOfHash('#pages')).toBe('pages');
    expect(tabOfHash('manage')).toBe('manage');
    expect(tabOfHash('')).toBe('overview');
    expect(tabOfHash('#nothing')).toBe('overview');
  });

  it('move with the arrows, wrapping, and jump with Home and End; other keys do nothing', () => {
    expect(tabAfterKey(LIBRARY_TAB_IDS, 'ArrowRight', 'overview')).toBe('queries');
    expect(tabAfterKey(LIBRARY_TAB_IDS, 'ArrowDown', 'offers')).toBe('brands');
    expect(tabAfterKey(LIBRARY_TAB_IDS, 'ArrowRight', 'manage')).toBe('overview');
    expect(tabAfterKey(LIBRARY_TAB_IDS, 'ArrowLeft', 'overview')).toBe('manage');
    expect(tabAfterKey(LIBRARY_TAB_IDS, 'ArrowUp', 'pages')).toBe('queries');
    expect(tabAfterKey(LIBRARY_TAB_IDS, 'Home', 'ads')).toBe('overview');
    expect(tabAfterKey(LIBRARY_TAB_IDS, 'End', 'ads')).toBe('manage');
    expect(tabAfterKey(LIBRARY_TAB_IDS, 'Enter', 'ads')).toBeNull();
    expect(tabAfterKey(LIBRARY_TAB_IDS, '2', 'ads')).toBeNull();
  });

  it('load the whole conversations only for the tables, the brands, the trends, the variance and the fan-out', () => {
    expect(LIBRARY_TAB_IDS.filter(needsRecords)).toEqual([
      'queries',
      'pages',
      'ads',
      'offers',
      'brands',
      'trends',
      'variance',
      'fanout',
    ]);
  });

  it('keep one tab in the Tab order, the selected one, each controlling its panel', () => {
    const html = renderView(LibraryTabs, { shown: 'pages', onShow: () => undefined });
    expect(html).toContain('role="tablist"');
    expect(html).toContain('aria-label="Library"');
    expect(html.match(/tabindex="0"/g)).toHaveLength(1);
    expect(html.match(/tabindex="-1"/g)).toHaveLength(LIBRARY_TAB_IDS.length - 1);
    expect(html).toMatch(
      /id="library-tab-pages"[^>]*aria-selected="true"[^>]*aria-controls="library-panel-pages"[^>]*tabindex="0"/,
    );
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
    expect(visibleText(html)).toBe('Overview Queries Pages Ads Offers Brands Trends Variance Fan-out Manage');
  });
});
