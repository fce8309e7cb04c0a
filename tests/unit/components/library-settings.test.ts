import { describe, expect, it, vi } from 'vitest';
import { Header } from '@/components/shell/Header';
import { SettingsPanel } from '@/components/shell/SettingsPanel';
import { DEFAULT_SETTINGS } from '@/lens/runtime/contract/settings';
import { renderView, visibleText } from '@/tests/unit/components/views/lens-snapshots';

/** WXT's storage and the extension's own URLs, as the settings panel uses them. */
vi.mock('#imports', () => ({
  browser: { runtime: { getURL: (path: string) => `chrome-extension://chat-lens${path}` } },
  storage: {
    defineItem: (_key: string, options: { fallback: unknown }) => ({
      getValue: async () => options.fallback,
      setValue: async () => undefined,
      watch: () => () => undefined,
    }),
  },
}));

describe('the ways to the library', () => {
  it('are a button in the header of the popup and the side panel', () => {
    const html = renderView(Header, { snapshot: null, signedOut: false, temporary: false, actions: null });
    expect(visibleText(html)).toContain('Open library');
    expect(html).toMatch(/<button type="button"[^>]*>Open library<\/button>/);
  });

  it('are a Library section in the settings: a switch that says what it keeps and where, and a link', () => {
    const html = renderView(SettingsPanel, { settings: DEFAULT_SETTINGS });
    const text = visibleText(html);
    expect(text).toContain('Library');
    expect(html).toMatch(/role="switch" aria-checked="false"/);
    expect(text).toContain(
      'Keep every conversation I inspect in a library, stored in this browser only (IndexedDB); nothing leaves the browser',
    );
    expect(text).toContain('Keep answer text too');
    expect(text).toContain('Delete conversations automatically after (days)');
    expect(html).toContain('href="chrome-extension://chat-lens/library.html"');
    expect(text).toContain('Open the library page');
  });
});
