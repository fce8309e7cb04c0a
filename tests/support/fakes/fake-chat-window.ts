import type { Schedule } from '@/lens/runtime/contract/timer';

export interface FakeChatWindowOptions {
  /** The tab's URL, on chatgpt.com. */
  url: string;
  /** The page's timers (setTimeout), on the test's virtual clock. */
  schedule: Schedule;
  /** The network as the page sees it (the replica): the hook wraps it as it wraps the page's fetch. */
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
}

/** A socket class for the hook to wrap; the soak's page opens none. */
class IdleWebSocket extends EventTarget {}

/**
 * Just enough of a chatgpt.com tab's window for the page hook (MAIN world) and the relay (isolated
 * world) to run in Node, as they share the page's window in Chromium: fetch, WebSocket, history,
 * postMessage (a structured clone, delivered on a later task, as the browser does), the document's
 * visibility and focus, and timers and idle callbacks on the virtual clock. `setVisible` is the tab being shown or hidden.
 */
export function fakeChatWindow(options: FakeChatWindowOptions) {
  const location = new URL(options.url);
  const win = new EventTarget();
  const document = new EventTarget();
  let visible = true;
  let nextTimer = 0;
  const timers = new Map<number, () => void>();

  Object.defineProperties(document, {
    visibilityState: { get: () => (visible ? 'visible' : 'hidden') },
    hasFocus: { value: () => visible },
  });
  const page = { href: location.href, origin: location.origin };
  // A same-document navigation: the URL changes, nothing is loaded.
  const navigate = (_state: unknown, _title: string, url?: string | URL | null): void => {
    if (url != null) page.href = new URL(url, page.href).href;
  };
  Object.assign(win, {
    location: page,
    document,
    fetch: options.fetch,
    WebSocket: IdleWebSocket,
    history: { pushState: navigate, replaceState: navigate },
    postMessage(data: unknown) {
      const copy = structuredClone(data);
      setImmediate(() => {
        const message = Object.defineProperties(new Event('message'), {
          data: { value: copy },
          origin: { value: location.origin },
          source: { value: win },
        });
        win.dispatchEvent(message);
      });
    },
    setTimeout(run: () => void, ms = 0) {
      const id = ++nextTimer;
      timers.set(
        id,
        options.schedule(ms, () => {
          timers.delete(id);
          run();
        }),
      );
      return id;
    },
    clearTimeout(id: number) {
      timers.get(id)?.();
      timers.delete(id);
    },
    // The soak's page does nothing between its polls: it is idle at once.
    requestIdleCallback(run: () => void) {
      return (win as unknown as Window).setTimeout(run, 0);
    },
    cancelIdleCallback(id: number) {
      (win as unknown as Window).clearTimeout(id);
    },
  });

  return {
    window: win as unknown as Window & typeof globalThis,
    setVisible(next: boolean) {
      visible = next;
      document.dispatchEvent(new Event('visibilitychange'));
    },
  };
}
