import { defineBackground } from '#imports';
import { startBackground } from '@/lens/runtime/worker/background-main';
import { listenForExportShortcut } from '@/lens/runtime/worker/export-shortcut-listener';

export default defineBackground({
  type: 'module',
  main() {
    listenForExportShortcut(startBackground());
  },
});
