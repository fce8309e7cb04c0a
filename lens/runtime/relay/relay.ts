import { downloadFile, receivedExport } from '@/lens/runtime/contract/download-file';
import {
  channelMessage,
  FALLBACK_INTERVAL_MS,
  type PageState,
  type RelayToWorker,
  readChannelMessage,
  WORKER_TO_RELAY_KINDS,
  type WorkerToRelay,
} from '@/lens/runtime/contract/relay-channel';
import type { Schedule } from '@/lens/runtime/contract/timer';
import { conversationIdFromPageUrl } from '@/lib/capture/endpoint';
import { parsePageEvent } from '@/lib/capture/page-event';
import { bringsFreshData, createFallbackClock, type FallbackClock } from './fallback-clock';

/**
 * The part of the extension API the relay uses, as Chrome's `chrome` and Firefox's `browser` both
 * offer it natively (promises in MV3): no polyfill, for the relay's byte budget (architecture "Budgets").
 */
export interface RelayExtensionApi {
  runtime: {
    sendMessage(message: unknown): Promise<unknown>;
    onMessage: {
      addListener(
        listener: (message: unknown, sender: unknown, respond: (answer?: unknown) => void) => void,
      ): void;
    };
  };
  storage: { local: { get(key: string): Promise<Record<string, unknown>> } };
}

/**
 * `local:fallbackIntervalMs`: the tab clock's interval when set; absent (the default) is the 12 s of
 * site-interface 8. Only the end-to-end tests set it, to see a fallback poll without waiting 12 s each time.
 * Local area because content scripts cannot read the session area.
 */
const FALLBACK_INTERVAL_KEY = 'fallbackIntervalMs';

const ignore = (): undefined => undefined;

/**
 * Isolated-world relay: checks the shape of every page event (the page can forge them) and hands it to
 * the service worker, adding what only this side knows: the tab's URL, visibility and focus. It runs the
 * tab's 12 s fallback clock (architecture "Browser facts": a timer here outlives a stopped worker and knows
 * the tab is hidden). An unchanged tree poll arrives from the hook without its body and leaves as such.
 */
export function startRelay(win: Window, api: RelayExtensionApi): void {
  const send = <Kind extends keyof RelayToWorker>(kind: Kind, data: RelayToWorker[Kind]): void => {
    try {
      void api.runtime.sendMessage(channelMessage<RelayToWorker, Kind>(kind, data)).catch(ignore);
    } catch {
      // The extension was reloaded or removed: this tab's relay has nobody to talk to any more.
    }
  };
  const pageState = (): PageState => ({
    url: win.location.href,
    visible: win.document.visibilityState === 'visible',
    focused: win.document.hasFocus(),
  });
  let clock: FallbackClock | null = null;

  win.addEventListener('message', (message: MessageEvent) => {
    if (message.source !== win || message.origin !== win.location.origin) return;
    const event = parsePageEvent(message.data);
    if (event === null) return;
    if (event.type === 'navigation') {
      // The new URL, read here (NavigationEvent), with the tab's visibility and focus.
      announceState();
      return;
    }
    // Something fresh arrived: the fallback poll waits a whole interval again (site-interface 8).
    if (bringsFreshData(event)) clock?.noteFresh();
    if (event.type === 'unchanged') {
      // The hook compared the poll with the last one: only the fact crosses (architecture "Passive first").
      const { endpoint, conversationId, url } = event;
      send('responseUnchanged', { endpoint, conversationId, url });
      return;
    }
    send('pageEvent', event);
  });

  const announceState = (): void => {
    const state = pageState();
    clock?.setVisible(state.visible);
    send('pageState', state);
  };
  win.document.addEventListener('visibilitychange', announceState);
  win.addEventListener('focus', announceState);
  win.addEventListener('blur', announceState);
  announceState();

  // The keyboard shortcut's export: the worker wrote it, this side saves it. An export with images asks
  // for the addresses of the page's own images.
  api.runtime.onMessage.addListener((value, _sender, respond) => {
    const message = readChannelMessage<WorkerToRelay>(value, WORKER_TO_RELAY_KINDS);
    if (message === null) return;
    if (message.chatLens === 'listPageImages') {
      const origin = win.location.origin;
      respond(
        [...win.document.images].map((image) => image.src).filter((src) => src.startsWith(`${origin}/`)),
      );
      return;
    }
    downloadFile(win.document, receivedExport(message.data));
    respond(true);
  });

  const schedule: Schedule = (ms, run) => {
    const timer = win.setTimeout(run, ms);
    return () => win.clearTimeout(timer);
  };
  void api.storage.local
    .get(FALLBACK_INTERVAL_KEY)
    .catch(() => ({}))
    .then((stored: Record<string, unknown>) => {
      const interval = stored[FALLBACK_INTERVAL_KEY];
      clock = createFallbackClock({
        intervalMs: typeof interval === 'number' && interval > 0 ? interval : FALLBACK_INTERVAL_MS,
        schedule,
        visible: pageState().visible,
        onDue: () => {
          const state = pageState();
          // Only a conversation has anything to poll.
          if (conversationIdFromPageUrl(state.url) !== null) send('fallbackDue', state);
        },
      });
    });
}
