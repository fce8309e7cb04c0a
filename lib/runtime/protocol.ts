import { defineExtensionMessaging } from '@webext-core/messaging';
import type { PageEvent } from '@/lib/capture/page-event';

/** Every runtime message of the extension, one definition for sender and receiver. */
interface ProtocolMap {
  /** relay -> background: a page event that passed validation. */
  pageEvent(event: PageEvent): void;
  /** relay -> background: the tab was shown or hidden (DESIGN: nothing runs while hidden). */
  pageVisibility(visible: boolean): void;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();
