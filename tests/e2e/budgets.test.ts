import { describe, expect, inject, it } from 'vitest';
import { type BundleSizes, measureBundleSizes } from '@/tests/support/bundle-sizes';
import { upperBoundOf } from '@/tests/support/figure-targets';

/**
 * The production build stays small. The content scripts load on every chatgpt.com page
 * (the hook before the page's own script), so their bytes are what every page load pays; the popup and
 * the side panel load their scripts on each opening. `npm run bench` prints the same figures.
 */
describe('byte budgets of the production build', () => {
  const sizes = measureBundleSizes(inject('extensionDir'));

  it.each([
    ['page_hook_bytes', 'the page hook, minified'],
    ['relay_bytes', 'the relay, minified'],
    ['popup_js_gzip_bytes', 'every script the popup loads, shared chunks included, gzip -9'],
    ['sidepanel_js_gzip_bytes', 'every script the side panel loads, shared chunks included, gzip -9'],
  ] as const)('%s: %s, within its budget', (figure: keyof BundleSizes, _what: string) => {
    expect(sizes[figure]).toBeGreaterThan(0);
    expect(sizes[figure]).toBeLessThanOrEqual(upperBoundOf(figure));
  });

  it('counts the React bundle the views are made of in the pages’ figures', () => {
    // The views (React, the components) are far more than a few kB: a page figure missing its shared
    // chunks would pass its budget without measuring anything.
    expect(sizes.popup_js_gzip_bytes).toBeGreaterThan(50_000);
    expect(sizes.sidepanel_js_gzip_bytes).toBeGreaterThan(50_000);
  });
});
