import { ok, type Result } from '@/lib/model/result';
import { type ReceivedExport, receivedExport } from './download-file';
import type { ExportFile } from './export-file';
import type { ExportRequest } from './protocol';

/**
 * The export's own channels from an extension page to the background (architecture "Channels"). Runtime
 * messaging copies the file through the browser's parent process, which made the Export click of a
 * 10,000-message conversation take about two and a half times as long in Chromium (docs/benchmarks.md);
 * these hand the page a Blob instead:
 * - a service worker (Chromium) gets a MessagePort with its `postMessage`, and a Blob crosses it as a handle;
 * - a background page in the page's own process (Firefox's event page) is called directly, its export
 *   function found on its window (`runtime.getBackgroundPage`), and nothing is copied at all.
 * Runtime messaging's `exportConversation`, the same answer, is left for a page that reaches neither (where
 * Firefox gives it no window of the event page, as in a private window). The background's side is
 * lens/runtime/worker/export-port-server.ts.
 */
export const EXPORT_KIND = 'chat-lens:exportConversation';
/** The name of the background page's export function on its window. */
export const PAGE_EXPORT_GLOBAL = 'chatLensExport';

/** What the background answers: the file, or why there is none. */
export type ExportAnswer = Result<ReceivedExport>;

export type ExportRunner = (request: ExportRequest) => Promise<Result<ExportFile>>;

/** The service worker as an extension page posts to it. */
export interface ExportWorker {
  postMessage(message: unknown, transfer: Transferable[]): void;
}

/** The service worker an extension page can post to, or null (no service worker background). */
export type FindWorker = () => Promise<ExportWorker | null>;

/** The background page's export function: a request of any shape in, its answer out. */
export type PageExport = (request: unknown) => Promise<ExportAnswer>;

/** The background page's export function, where the page can reach its window; else null. */
export type FindPageExport = () => Promise<PageExport | null>;

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;

/**
 * The extension's worker, looked up once per page: its `active` worker stays the same object while the
 * worker stops and starts (a message starts it), and an update of the extension reloads its pages.
 */
export const extensionServiceWorker: FindWorker = async () => {
  if (typeof navigator === 'undefined' || navigator.serviceWorker === undefined) return null;
  registration ??= navigator.serviceWorker.getRegistration().catch(() => undefined);
  return (await registration)?.active ?? null;
};

/**
 * The answer as the page's own objects: what the background page made belongs to its window, which Firefox
 * may unload while the page still holds the file (a Blob made of a Blob shares its bytes, no copy).
 */
function ownedByThisPage(answer: ExportAnswer): ExportAnswer {
  if (!answer.ok) return { ok: false, error: { ...answer.error } };
  const { fileName, mimeType, body } = answer.value;
  return ok({ fileName, mimeType, body: new Blob([body], { type: mimeType }) }, [...answer.warnings]);
}

/** The export through the service worker's port. */
function throughPort(worker: ExportWorker, request: ExportRequest): Promise<ExportAnswer> {
  const channel = new MessageChannel();
  const answer = new Promise<ExportAnswer>((resolve) => {
    channel.port1.onmessage = ({ data }: MessageEvent<ExportAnswer>) => {
      channel.port1.close();
      resolve(data);
    };
  });
  worker.postMessage({ kind: EXPORT_KIND, request }, [channel.port2]);
  return answer;
}

/** How a page reaches the background for an export, in the order tried. */
export interface ExportChannels {
  findWorker?: FindWorker;
  /** The background page's function (background-page-export.ts). */
  findPageExport: FindPageExport;
  /** Runtime messaging. */
  fallback: ExportRunner;
}

/**
 * The page's side: the export through the worker's port, else the background page's function, else
 * runtime messaging.
 */
export async function requestExport(
  request: ExportRequest,
  { findWorker = extensionServiceWorker, findPageExport, fallback }: ExportChannels,
): Promise<Result<ReceivedExport>> {
  const worker = await findWorker();
  if (worker !== null) return throughPort(worker, request);
  const pageExport = await findPageExport();
  if (pageExport !== null) return ownedByThisPage(await pageExport(request));
  const file = await fallback(request);
  return file.ok ? ok(receivedExport(file.value), file.warnings) : file;
}
