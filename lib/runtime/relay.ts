import { parsePageEvent } from '@/lib/capture/page-event';
import { sendMessage } from './protocol';

/**
 * Isolated-world relay: checks the shape of every page event (the page can forge them) and hands it to
 * the service worker, adding what only this side knows: whether the tab is visible.
 */
export function startRelay(win: Window): void {
  win.addEventListener('message', (message: MessageEvent) => {
    if (message.source !== win || message.origin !== win.location.origin) return;
    const event = parsePageEvent(message.data);
    if (event) void sendMessage('pageEvent', event).catch(() => undefined);
  });
  const announceVisibility = (): void => {
    void sendMessage('pageVisibility', win.document.visibilityState === 'visible').catch(() => undefined);
  };
  win.document.addEventListener('visibilitychange', announceVisibility);
  announceVisibility();
}
