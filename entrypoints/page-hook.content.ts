import { defineContentScript } from '#imports';
import { installPageHook } from '@/lib/capture/page-hook';

/** What the page runs: modules/lean-main-world-entry.ts calls it with no WXT code around it. */
export const main = (): void => installPageHook(window);

// World MAIN at document_start: the hook must wrap fetch and WebSocket before the page's own script
// runs. It imports only lib/capture, which touches no extension API. Only the build reads these
// options, so the script leaves them out (pure: nothing in the page calls it).
export default /* @__PURE__ */ defineContentScript({
  matches: ['https://chatgpt.com/*'],
  world: 'MAIN',
  runAt: 'document_start',
  main,
});
