import { isRecord } from '@/lib/capture/json-shape';
import type { CopiedEndpointKind, PageEvent } from '@/lib/capture/page-event';
import type { ExportFile } from './export-file';

/** site-interface 8: event-driven, with a fallback of 12 s; paused while the tab is hidden. */
export const FALLBACK_INTERVAL_MS = 12_000;

/** What the relay knows of its tab and the worker cannot ask for (architecture "Data flow"). */
export interface PageState {
  /** The page's URL, following SPA navigation (/c/<conversation id>). */
  url: string;
  /** document.visibilityState is 'visible': nothing runs for a hidden tab (site-interface 8). */
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

/**
 * The channel between a tab's relay and the worker, in plain runtime messages. The relay runs in every
 * chatgpt.com tab and has a byte budget (architecture "Budgets": 15,360 bytes), which the messaging library
 * and the promise polyfill alone would exceed; the UI's channel stays in protocol.ts. Each message is
 * tagged `chatLens`, a member no message of the messaging library has, so neither side mistakes the
 * other's.
 */
export interface RelayToWorker {
  /** A page event that passed validation (parsePageEvent). */
  pageEvent: PageEvent;
  /**
   * The page polled and got the same body as last time (site-interface 4.2: the tree is polled): only the
   * fact is sent, so an unchanged multi-MB tree costs next to nothing downstream
   * (architecture "Passive first").
   */
  responseUnchanged: UnchangedResponse;
  /** The tab was shown, hidden, focused or navigated (also sent once when the relay starts). */
  pageState: PageState;
  /**
   * The tab's 12 s clock fired: visible, and nothing fresh for the interval (site-interface 8). Carries the
   * page state, so a worker that was stopped and woken by this message knows the tab again.
   */
  fallbackDue: PageState;
}

export interface WorkerToRelay {
  /**
   * The keyboard shortcut's export: the relay saves it through a Blob and an `<a download>`, which the
   * worker cannot make (architecture "Browser facts").
   */
  saveExportFile: ExportFile;
  /**
   * An export that includes images asks which the page shows: the relay answers with the addresses of the
   * page's images on its own origin (lens/runtime/worker/page-image-files.ts). They carry signatures, so
   * they are used and dropped, never kept.
   */
  listPageImages: null;
}

export type ChannelMessage<Map> = {
  [Kind in keyof Map]: { chatLens: Kind; data: Map[Kind] };
}[keyof Map];

/** The message of one kind, as it travels. */
export const channelMessage = <Map, Kind extends keyof Map>(
  kind: Kind,
  data: Map[Kind],
): ChannelMessage<Map> => ({ chatLens: kind, data }) as ChannelMessage<Map>;

/**
 * A message of this channel, by its tag and kind. Its data was validated by the sender (the relay
 * checks page events; the worker writes export files) and only the extension's own scripts can send
 * runtime messages, so the kind is all that is checked here.
 */
export function readChannelMessage<Map extends object>(
  value: unknown,
  kinds: readonly (keyof Map)[],
): ChannelMessage<Map> | null {
  if (!isRecord(value) || !('data' in value)) return null;
  return kinds.includes(value.chatLens as keyof Map) ? (value as ChannelMessage<Map>) : null;
}

export const RELAY_TO_WORKER_KINDS: readonly (keyof RelayToWorker)[] = [
  'pageEvent',
  'responseUnchanged',
  'pageState',
  'fallbackDue',
];

export const WORKER_TO_RELAY_KINDS: readonly (keyof WorkerToRelay)[] = ['saveExportFile', 'listPageImages'];
