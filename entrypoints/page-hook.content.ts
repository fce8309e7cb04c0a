import { defineContentScript } from '#imports';
import { installPageHook } from '@/lib/capture/page-hook';

// World MAIN at document_start: the hook must wrap fetch and WebSocket before the page's own script
// runs. It imports only lib/capture, which touches no extension API.
export default defineContentScript({
  matches: ['https://chatgpt.com/*'],
  world: 'MAIN',
  runAt: 'document_start',
  main() {
    installPageHook(window);
  },
});
