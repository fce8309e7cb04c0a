import { defineConfig, type EntrypointGroup } from 'wxt';

// Explicit imports (`imports: false`) keep every module's dependencies visible, so the layer rules of
// architecture "Layers" can be read from the source and checked by tests/unit/architecture.test.ts.
export default defineConfig({
  imports: false,
  // Firefox too is built, linted and zipped as MV3 (WXT's default for Firefox is MV2), so `wxt zip -b
  // firefox` packs the build that `npm run lint:firefox` checked.
  manifestVersion: 3,
  // The Firefox sources zip (addons.mozilla.org reviews minified code against it) holds the project,
  // not what the demo and the tests wrote.
  zip: { excludeSources: ['demo-output/**', 'test-output/**'] },
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  hooks: {
    // Each page (popup, side panel, library), and the background, is built on its own, so a page loads one
    // script and one style sheet, not the chunks pages built together share: every file an extension page
    // asks for costs its main thread a request, and its scripts wait for the last answer
    // (docs/benchmarks.md "Where the time of the figures near their targets goes"). React is then in each
    // page's file, not in one shared one.
    'entrypoints:grouped': (_wxt, groups) => {
      const alone = groups.flatMap((group): EntrypointGroup[] =>
        Array.isArray(group) ? group.map((page) => [page]) : [group],
      );
      groups.splice(0, groups.length, ...alone);
    },
  },
  // Vite takes NODE_ENV from the process when it is set, and postcss-load-config sets it to
  // "development" when it is unset, while the CSS of the first page is built: a production build
  // shipped React's development bundle (twice the code, checks on every render). So a production build
  // sets it before Vite reads it; one run with NODE_ENV set (the test runner's "test") keeps it, so the
  // JSX transform and React's bundle always agree.
  vite: (env) => {
    if (env.mode === 'production') process.env.NODE_ENV ??= 'production';
    // Vite's modulepreload polyfill is for browsers without `<link rel="modulepreload">`; Chrome and
    // Firefox ESR have it, so the pages would only fetch and run the polyfill's check.
    return { build: { modulePreload: { polyfill: false } } };
  },
  manifest: ({ browser }) => ({
    name: 'Chat Lens',
    // What a store lists under the name: at most 132 characters (Chrome Web Store).
    description:
      "See a ChatGPT conversation's search queries, ads, offers and transport, export it without trackers, keep a local opt-in library.",
    // storage: what was captured and the rate governor's state (session area), the settings and the
    // library's brands (local area); the library itself is IndexedDB, which needs none (architecture
    // "The library"). sidePanel: the live panel. Firefox has no sidePanel permission: WXT declares the panel there as a sidebar_action.
    permissions: browser === 'firefox' ? ['storage'] : ['storage', 'sidePanel'],
    host_permissions: ['https://chatgpt.com/*'],
    action: { default_title: 'Chat Lens' },
    // The relay (entrypoints/relay.ts), isolated world, before the page's scripts so it hears the
    // hook's first events.
    content_scripts: [{ matches: ['https://chatgpt.com/*'], js: ['relay.js'], run_at: 'document_start' }],
    // Export the open conversation in the default format without opening anything
    // (lens/runtime/worker/export-shortcut.ts). The user can change the key at chrome://extensions/shortcuts.
    commands: {
      'export-conversation': {
        suggested_key: { default: 'Alt+Shift+E' },
        description: 'Export the conversation in the default format',
      },
    },
    // Firefox asks every add-on to declare what it collects and sends off the device (Mozilla's
    // "Firefox built-in data consent"); Chat Lens sends nothing anywhere (README "Privacy"): "none".
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'chat-lens@chat-lens.dev', data_collection_permissions: { required: ['none'] } },
          },
        }
      : {}),
  }),
});
