import { defineConfig } from 'wxt';

// Explicit imports (`imports: false`) keep every module's dependencies visible, so the layer rules of
// DESIGN.md can be read from the source and checked by tests/unit/architecture.test.ts.
export default defineConfig({
  imports: false,
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  manifest: {
    name: 'Chat Lens',
    description:
      'See the web-search queries, ads, product offers and streaming transport of a ChatGPT conversation, and export it without trackers.',
    // storage: the rate governor's state and the loaded conversation (session area);
    // sidePanel: the live panel. Nothing else is needed: the content scripts cover chatgpt.com.
    permissions: ['storage', 'sidePanel'],
    host_permissions: ['https://chatgpt.com/*'],
    action: { default_title: 'Chat Lens' },
  },
});
