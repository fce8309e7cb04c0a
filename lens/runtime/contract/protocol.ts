import { defineExtensionMessaging } from '@webext-core/messaging';
import type { Result } from '@/lib/model/result';
import type { OffersRefreshState } from '@/lib/snapshot/snapshot-base';
import type { AccountRunRequest, AccountRunStatus } from './account-run';
import type { ExportFile, ExportFormat, ExportOptions } from './export-file';

export interface TabRequest {
  tabId: number;
}

export interface ExportRequest extends TabRequest {
  format: ExportFormat;
  options?: ExportOptions;
}

/**
 * Every runtime message between the UI and the worker, one definition for sender and receiver
 * (architecture "Channels"; the relay's channel is relay-channel.ts). The state the UI shows is not a
 * message: it reads and watches the tab's tabLensItem (storage-items.ts), which the worker rewrites after
 * every change.
 */
export interface ProtocolMap {
  // ---- UI (popup, side panel) -> background -----------------------------------------------------

  /**
   * The UI opened or asks for fresh data: a debounced, incremental refresh of the tab's conversation
   * (only what is missing or stale, through the one rate governor). Progress and the outcome appear in
   * the tab-lens item.
   */
  refresh(request: TabRequest): void;
  /**
   * Refreshes the offers of the tab's conversation (site-interface 4.4: one call per product, 300-500 ms
   * apart, stops at the first 429, one failure not fatal). Progress appears in the tab lens's
   * snapshot.offersRefresh as it runs; the answer is the state once the run ended. Another
   * conversation's run under way goes first (runs never overlap); a run already asked for is joined. An
   * error result when the tab shows no conversation.
   */
  refreshOffers(request: TabRequest): Result<OffersRefreshState>;
  /**
   * The tab's conversation in one format, written by the same writers as `inspect` (lib/export/*), with
   * its file name (lib/export/file-name.ts). Older pages not yet held are loaded first through the
   * core (site-interface 4.1). The UI makes the Blob and the download.
   */
  exportConversation(request: ExportRequest): Result<ExportFile>;
  /**
   * The pointer or the focus came to the Export button: the worker writes the body of that export now, for
   * the click to take (architecture "A file readied before the click"). True once written; false where the
   * click would first load what is missing (the readying asks the site for nothing) or the file holds images.
   */
  readyExport(request: ExportRequest): Result<boolean>;

  // ---- the library page -> background ------------------------------------------------------------

  /**
   * Starts, pauses, resumes or cancels the run of "add the whole account"
   * (architecture "Adding the whole account"), retries its failed conversations, or forgets it; `wake` only
   * makes sure a run left running goes on. The answer is the run's status; the page then follows
   * `accountRunStatusItem`.
   */
  accountRun(request: AccountRunRequest): Result<AccountRunStatus>;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();
