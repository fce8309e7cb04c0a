import { defineUnlistedScript } from '#imports';
import { type RelayExtensionApi, startRelay } from '@/lens/runtime/relay/relay';

/** Chrome's `chrome` or Firefox's `browser`, both promise-based in MV3 (lens/runtime/relay/relay.ts). */
const nativeApi = (): RelayExtensionApi => {
  const scope = globalThis as { browser?: RelayExtensionApi; chrome?: RelayExtensionApi };
  return (scope.browser ?? scope.chrome) as RelayExtensionApi;
};

// An unlisted script that wxt.config.ts declares as the isolated-world content script: WXT's content
// script wrapper brings the promise polyfill and a location watcher (10 kB) that the relay does not use,
// and the relay has a byte budget (architecture "Budgets").
export default defineUnlistedScript(() => {
  startRelay(window, nativeApi());
});
