import type { TestProject } from 'vitest/node';
import { builtOnce, firefoxBuildDir, packFirefoxExtension } from '@/tests/support/build-extension';
import { findFirefox } from '@/tests/support/launch-firefox';

declare module 'vitest' {
  export interface ProvidedContext {
    firefoxExtensionDir: string;
  }
}

/**
 * Once per run of the Firefox files: the production Firefox build, packed too (`wxt zip -b firefox`), so
 * that no test file writes into a build another file's browser has loaded.
 */
export default function setup(project: TestProject): void {
  findFirefox();
  project.provide('firefoxExtensionDir', builtOnce(packFirefoxExtension, firefoxBuildDir));
}
