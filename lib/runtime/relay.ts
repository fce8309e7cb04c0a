import { conversationIdFromPageUrl } from '@/lib/capture/endpoint';
import { parsePageEvent } from '@/lib/capture/page-event';
import { downloadFile } from './download-file';
import { createFallbackClock, FALLBACK_INTERVAL_MS, type FallbackClock } from './fallback-clock';
import { onMessage, type PageState, sendMessage } from './protocol';
import { fallbackIntervalItem } from './storage-items';
import type { Schedule } from './timer';

const ignore = (): undefined => undefined;

/**
 * Isolated-world relay: checks the shape of every page event (the page can forge them) and hands it to
 * the service worker, adding what only this side knows: the tab's URL, visibility and focus. It runs the
 * tab's 12 s fallback clock (DESIGN "Browser facts": a timer here outlives a stopped worker and knows
 * the tab is hidden). An unchanged tree poll arrives from the hook without its body and leaves as such.
 */
export function startRelay(win: Window): void {
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
      void sendMessage('pageEvent', event).catch(ignore);
      return;
    }
    // Something fresh arrived: the fallback poll waits a whole interval again (interface 8).
    clock?.noteFresh();
    if (event.type === 'unchanged') {
      // The hook compared the poll with the last one: only the fact crosses (issue 8, item 1).
      const { endpoint, conversationId, url } = event;
      void sendMessage('responseUnchanged', { endpoint, conversationId, url }).catch(ignore);
      return;
    }
    void sendMessage('pageEvent', event).catch(ignore);
  });

  const announceState = (): void => {
    const state = pageState();
    clock?.setVisible(state.visible);
    void sendMessage('pageState', state).catch(ignore);
  };
  win.document.addEventListener('visibilitychange', announceState);
  win.addEventListener('focus', announceState);
  win.addEventListener('blur', announceState);
  announceState();

  // The keyboard shortcut's export: the worker wrote it, this side saves it (issue 9, item 3).
  onMessage('saveExportFile', ({ data }) => downloadFile(win.document, data));

  const schedule: Schedule = (ms, run) => {
    const timer = win.setTimeout(run, ms);
    return () => win.clearTimeout(timer);
  };
  void fallbackIntervalItem
    .getValue()
    .catch(() => null)
    .then((intervalMs) => {
      clock = createFallbackClock({
        intervalMs: intervalMs ?? FALLBACK_INTERVAL_MS,
        schedule,
        visible: pageState().visible,
        onDue: () => {
          const state = pageState();
          // Only a conversation has anything to poll.
          if (conversationIdFromPageUrl(state.url) !== null)
            void sendMessage('fallbackDue', state).catch(ignore);
        },
      });
    });
}
