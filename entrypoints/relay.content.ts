import { defineContentScript } from '#imports';
import { startRelay } from '@/lib/runtime/relay';

export default defineContentScript({
  matches: ['https://chatgpt.com/*'],
  runAt: 'document_start',
  main() {
    startRelay(window);
  },
});
