import type { TestProject } from 'vitest/node';
import { buildExtension, builtOnce, chromeBuildDir } from '@/tests/support/build-extension';
import { findChromium } from '@/tests/support/find-chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    extensionDir: string;
  }
}

/**
 * Once per run of the Chromium files: the production build and a Chromium to load it in. The Firefox
 * files have their own (firefox-global-setup.ts).
 */
export default function setup(project: TestProject): void {
  findChromium();
  project.provide('extensionDir', builtOnce(buildExtension, chromeBuildDir));
}
