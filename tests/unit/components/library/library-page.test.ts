import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { LibraryPage } from '@/components/library/LibraryPage';
import type { LibraryFirst } from '@/components/library/library-first';
import type { LibraryTabId } from '@/components/library/library-tabs';
import { LibraryData } from '@/components/library/shared/library-data';
import { LIBRARY_STATUS_OK, type LibraryStatus } from '@/lens/runtime/contract/library-status';
import { DEFAULT_SETTINGS } from '@/lens/runtime/contract/settings';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';
import { scratchLibraries } from '@/tests/unit/library/scratch-libraries';
import { smallLibrary } from './library-fixtures';

/** WXT's storage as the page's modules define their items; the page reads its first state from props. */
vi.mock('#imports', () => ({
  storage: {
    defineItem: (_key: string, options: { fallback: unknown }) => ({
      getValue: async () => options.fallback,
      setValue: async () => undefined,
      watch: () => () => undefined,
    }),
  },
}));

const libraries = scratchLibraries('library-page-view');

/** The page's first state over a database of its own holding `records`, read as the page reads it first. */
async function firstOf(
  options: {
    enabled?: boolean;
    filled?: boolean;
    tab?: LibraryTabId;
    status?: LibraryStatus;
    records?: boolean;
  } = {},
): Promise<LibraryFirst> {
  const name = libraries.name();
  const writer = await libraries.open(name);
  if (options.filled ?? true) await writer.put(...smallLibrary());
  const data = new LibraryData(() => libraries.open(name));
  await (options.records ? data.wantRecords() : data.refresh());
  return {
    settings: {
      ...DEFAULT_SETTINGS,
      library: { ...DEFAULT_SETTINGS.library, enabled: options.enabled ?? true },
    },
    status: options.status ?? LIBRARY_STATUS_OK,
    tab: options.tab ?? 'overview',
    data,
  };
}

const pageOf = async (options: Parameters<typeof firstOf>[0]) =>
  renderView(LibraryPage, { first: await firstOf(options) });

describe('the library page', () => {
  it('explains the library and offers to turn it on while it is off and empty', async () => {
    const html = await pageOf({ enabled: false, filled: false });
    expect(html).toContain('data-testid="library-off"');
    expect(visibleText(html)).toContain('Turn on the library');
    expect(html).not.toContain('role="tablist"');
  });

  it('says how it fills once on and empty, and offers to import a file', async () => {
    const html = await pageOf({ filled: false });
    expect(html).toContain('data-testid="library-empty"');
    expect(visibleText(html)).toContain('Import a library file (JSON)');
    expect(visibleText(html)).toContain("Import ChatGPT's data export (ZIP)");
    expect(html).toMatch(/<input id="[^"]+" type="file" accept=".zip,application\/zip"/);
    expect(html).toMatch(/<input id="[^"]+" type="file" webkitdirectory=""/);
    expect(html).not.toContain('role="tablist"');
  });

  it('shows its counts, its tabs and the overview, from the summaries alone', async () => {
    const first = await firstOf();
    const html = renderView(LibraryPage, { first });
    expect(visibleText(html)).toContain('Chat Lens library 3 conversations · 3 turns · 3 searches');
    expect(html).toContain('role="tablist"');
    expect(html).toMatch(
      /role="tabpanel" id="library-panel-overview" aria-labelledby="library-tab-overview"/,
    );
    expect(html).toMatch(/data-testid="figure-conversations">3</);
    expect(first.data.view().records).toEqual({ state: 'idle' });
  });

  it('keeps what was kept readable under a banner while off, and under a failed write', async () => {
    const off = await pageOf({ enabled: false });
    expect(visibleText(off)).toContain('The library is off: nothing new is kept.');
    expect(off).toContain('role="tablist"');
    const quota = await pageOf({ status: { state: 'quota', message: null, at: 9 } });
    expect(quota).toContain('data-banner="library-quota"');
    expect(quota).toContain('role="tablist"');
  });

  it('says it is reading the conversations on a table tab until they are read, then shows the table', async () => {
    const reading = await pageOf({ tab: 'queries' });
    expect(reading).toContain('data-testid="records-loading"');
    expect(visibleText(reading)).toContain('Reading 3 conversations of the library…');
    const read = await pageOf({ tab: 'queries', records: true });
    expect(read).toMatch(/data-testid="queries-count">3 of 3 queries</);
  });

  it('manages the library: the choices, the files, each conversation and everything, every control named', async () => {
    const html = await pageOf({ tab: 'manage' });
    const text = visibleText(html);
    expect(html).toMatch(/role="switch" aria-checked="true"/);
    expect(text).toContain('Delete conversations automatically after (days)');
    expect(text).toContain('Export the library (JSON)');
    expect(text).toContain('Import a library file (JSON)');
    expect(html).toContain('aria-label="Download the joined table as Parquet"');
    expect(html).toContain('aria-label="Download the offers table as CSV"');
    expect(html).toContain('aria-label="Delete “Poem”"');
    expect(text).toContain('3 of 3');
    expect(text).toContain('Delete everything…');
    expect(text).toContain("ChatGPT's data export");
    expect(text).toContain('or its unpacked folder');
  });

  it('offers the data export only while the library is on', async () => {
    const text = visibleText(await pageOf({ tab: 'manage', enabled: false }));
    expect(text).toContain('Import a library file (JSON)');
    expect(text).not.toContain("ChatGPT's data export");
  });
});
