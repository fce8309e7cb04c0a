import { ok, type Result } from '@/lib/model/result';
import { type ReceivedExport, receivedExport } from './download-file';
import type { ExportFile } from './export-file';
import type { ExportRequest } from './protocol';

/**
 * The export's own channel from an extension page to the service worker: a MessagePort handed over with
 * the worker's `postMessage` (architecture "Channels"). Runtime messaging serialises as JSON through the
 * browser process, ~100 ms for the 3 MB Markdown of a 10,000-message conversation; a Blob crosses a port
 * as a handle. Where the background is no service worker (Firefox's event page) the page falls back to
 * the protocol's `exportConversation`, the same answer. The worker's side is
 * lib/runtime/worker/export-port-server.ts.
 */
export const EXPORT_KIND = 'chat-lens:exportConversation';

/** What the worker posts on the port: the file, or why there is none. */
export type PortMessage = Result<ReceivedExport>;

export type ExportRunner = (request: ExportRequest) => Promise<Result<ExportFile>>;

/** The service worker an extension page can post to, or null (no service worker background). */
export type FindWorker = () => Promise<{
  postMessage(message: unknown, transfer: Transferable[]): void;
} | null>;

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
 * The page's side: the export through the worker's port, or through `fallback` (runtime messaging) when
 * the background has no service worker.
 */
export async function requestExport(
  request: ExportRequest,
  fallback: ExportRunner,
  findWorker: FindWorker = extensionServiceWorker,
): Promise<Result<ReceivedExport>> {
  const worker = await findWorker();
  if (worker === null) {
    const file = await fallback(request);
    return file.ok ? ok(receivedExport(file.value), file.warnings) : file;
  }
  const channel = new MessageChannel();
  const answer = new Promise<PortMessage>((resolve) => {
    channel.port1.onmessage = ({ data }: MessageEvent<PortMessage>) => {
      channel.port1.close();
      resolve(data);
    };
  });
  worker.postMessage({ kind: EXPORT_KIND, request }, [channel.port2]);
  return answer;
}
