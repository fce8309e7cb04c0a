import { defineBackground } from '#imports';
import { startBackground } from '@/lib/runtime/background-main';

export default defineBackground({
  type: 'module',
  main() {
    startBackground();
  },
});
