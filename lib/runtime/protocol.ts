import { defineExtensionMessaging } from '@webext-core/messaging';
import type { CopiedEndpointKind, PageEvent } from '@/lib/capture/page-event';
import type { Result } from '@/lib/model/result';
import type { OffersRefreshState } from './conversation-holding';
import type { ExportFile, ExportFormat, ExportOptions } from './export-file';

/** What the relay knows of its tab and the worker cannot ask for (DESIGN "Data flow"). */
export interface PageState {
  /** The page's URL, following SPA navigation (/c/<conversation id>). */
  url: string;
  /** document.visibilityState is 'visible': nothing runs for a hidden tab (interface 8). */
  visible: boolean;
  /** document.hasFocus(). */
  focused: boolean;
}

/** A copied response whose body equals the last one of the same URL, sent without that body. */
export interface UnchangedResponse {
  endpoint: CopiedEndpointKind;
  conversationId: string | null;
  url: string;
}

export interface TabRequest {
  tabId: number;
}

export interface ExportRequest extends TabRequest {
  format: ExportFormat;
  options?: ExportOptions;
}

/**
 * Every runtime message of the extension, one definition for sender and receiver (DESIGN "One typed
 * protocol per channel"). The state the UI shows is not a message: it reads and watches the tab's
 * tabLensItem (storage-items.ts), which the worker rewrites after every change.
 */
export interface ProtocolMap {
  // ---- relay -> background --------------------------------------------------------------------

  /** A page event that passed validation (parsePageEvent). */
  pageEvent(event: PageEvent): void;
  /**
   * The page polled and got the same body as last time (interface 4.2: the tree is polled): only the
   * fact is sent, so an unchanged multi-MB tree costs next to nothing downstream (issue 8, item 1).
   */
  responseUnchanged(response: UnchangedResponse): void;
  /** The tab was shown, hidden, focused or navigated (also sent once when the relay starts). */
  pageState(state: PageState): void;
  /**
   * The tab's 12 s clock fired: visible, and nothing fresh for the interval (interface 8). Carries the
   * page state, so a worker that was stopped and woken by this message knows the tab again.
   */
  fallbackDue(state: PageState): void;

  // ---- UI (popup, side panel) -> background -----------------------------------------------------

  /**
   * The UI opened or asks for fresh data: a debounced, incremental refresh of the tab's conversation
   * (only what is missing or stale, through the one rate governor). Progress and the outcome appear in
   * the tab-lens item.
   */
  refresh(request: TabRequest): void;
  /**
   * Refreshes the offers of the tab's conversation (interface 4.4: one call per product, 300-500 ms
   * apart, stops at the first 429, one failure not fatal). Progress appears in the tab lens's
   * snapshot.offersRefresh as it runs; the answer is the state once the run ended, or the state of the
   * run already under way. An error result when the tab shows no conversation.
   */
  refreshOffers(request: TabRequest): Result<OffersRefreshState>;
  /**
   * The tab's conversation in one format, written by the same writers as `inspect` (lib/export/*), with
   * its file name (lib/export/file-name.ts). Older pages not yet held are loaded first through the
   * core (interface 4.1). The UI makes the Blob and the download.
   */
  exportConversation(request: ExportRequest): Result<ExportFile>;

  // ---- background -> relay ----------------------------------------------------------------------

  /**
   * The keyboard shortcut's export (issue 9, item 3): the relay saves it through a Blob and an
   * `<a download>`, which the worker cannot make (DESIGN "Environment facts").
   */
  saveExportFile(file: ExportFile): void;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();
