import { defineBackground } from '#imports';
import { startBackground } from '@/lib/runtime/background-main';
import { listenForExportShortcut } from '@/lib/runtime/export-shortcut-listener';

export default defineBackground({
  type: 'module',
  main() {
    listenForExportShortcut(startBackground());
  },
});
