import { addViteConfig, defineWxtModule } from 'wxt/modules';

/**
 * WXT starts a MAIN-world content script through an entry of its own that initialises WXT plugins and,
 * should `main` throw, reports it through a logger that a production build never prints but cannot drop
 * (about 330 bytes of the file). The page hook runs on every chatgpt.com page load under a 3 KB budget
 * (architecture "Budgets"), and it uses no WXT plugin: its entry only calls the script's named export `main`,
 * so the definition around it (its options, which only the build reads) is left out too. The id is the
 * one WXT's `getRollupEntry` gives such a script; were it ever renamed, this plugin would match nothing
 * and the build would keep WXT's entry, which `npm run bench`'s page_hook_bytes would show.
 */
const MAIN_WORLD_ENTRY = '\0virtual:wxt-content-script-main-world-entrypoint?';

function leanMainWorldEntry() {
  return {
    name: 'chat-lens:lean-main-world-entry',
    // Before WXT's own loader of its virtual modules: the first load hook to answer wins.
    enforce: 'pre' as const,
    load(id: string): string | null {
      if (!id.startsWith(MAIN_WORLD_ENTRY)) return null;
      const script = JSON.stringify(id.slice(MAIN_WORLD_ENTRY.length));
      return `import { main } from ${script};\nmain();\n`;
    },
  };
}

/** A WXT module (WXT loads every file of modules/): the plugin above joins every build's Vite config. */
export default defineWxtModule((wxt) => {
  addViteConfig(wxt, () => ({ plugins: [leanMainWorldEntry()] }));
});
