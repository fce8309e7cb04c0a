import type { TestProject } from 'vitest/node';
import { buildExtension } from '@/tests/support/build-extension';
import { findChromium } from '@/tests/support/find-chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    extensionDir: string;
  }
}

/** Once per e2e run: the production build and a Chromium to load it in. */
export default function setup(project: TestProject): void {
  findChromium();
  project.provide('extensionDir', buildExtension());
}
