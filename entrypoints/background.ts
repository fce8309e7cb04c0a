import { defineBackground } from '#imports';
import { startBackground } from '@/lib/runtime/worker/background-main';
import { listenForExportShortcut } from '@/lib/runtime/worker/export-shortcut-listener';

export default defineBackground({
  type: 'module',
  main() {
    listenForExportShortcut(startBackground());
  },
});
