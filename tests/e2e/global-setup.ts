import type { TestProject } from 'vitest/node';
import { buildExtension, packFirefoxExtension } from '@/tests/support/build-extension';
import { findChromium } from '@/tests/support/find-chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    extensionDir: string;
    firefoxExtensionDir: string;
  }
}

/**
 * Once per e2e run: the production builds and a Chromium to load one in. The Firefox build is packed too
 * (`wxt zip -b firefox`), so that no test file writes into a build another file's browser has loaded.
 */
export default function setup(project: TestProject): void {
  findChromium();
  project.provide('extensionDir', buildExtension());
  project.provide('firefoxExtensionDir', packFirefoxExtension());
}
