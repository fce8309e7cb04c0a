import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_DISABLED_FEATURES } from '@/tests/support/launch-browser';

/**
 * The features the installed Playwright turns off, read from its bundle's `disabledFeatures` list (its
 * chromiumSwitches), the comments between them left out.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(
    createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'),
    'utf8',
  );
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  if (list === undefined)
    throw new Error("playwright-core's bundle no longer holds a disabledFeatures list.");
  return [...list.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((match) => match[1] as string);
}

describe("the test browsers' --disable-features", () => {
  it("repeats Playwright's own, which the last --disable-features would otherwise undo", () => {
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(playwrightDisabledFeatures());
  });
});
