import { parsePageEvent } from '@/lib/capture/page-event';
import { type PageState, sendMessage } from './protocol';

/**
 * Isolated-world relay: checks the shape of every page event (the page can forge them) and hands it to
 * the service worker, adding what only this side knows: the tab's URL, visibility and focus.
 */
export function startRelay(win: Window): void {
  const pageState = (): PageState => ({
    url: win.location.href,
    visible: win.document.visibilityState === 'visible',
    focused: win.document.hasFocus(),
  });
  win.addEventListener('message', (message: MessageEvent) => {
    if (message.source !== win || message.origin !== win.location.origin) return;
    const event = parsePageEvent(message.data);
    if (event) void sendMessage('pageEvent', event).catch(() => undefined);
  });
  const announceState = (): void => void sendMessage('pageState', pageState()).catch(() => undefined);
  win.document.addEventListener('visibilitychange', announceState);
  announceState();
}
