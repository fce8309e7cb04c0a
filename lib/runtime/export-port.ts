import { isRecord } from '@/lib/model/json-read';
import { fail, type Result } from '@/lib/model/result';
import type { ExportFile } from './export-file';
import type { ExportRequest } from './protocol';
import { parseExportRequest } from './ui-requests';

/**
 * The export's own channel from an extension page to the service worker: a MessagePort handed over with
 * the worker's `postMessage`. Runtime messaging serialises as JSON through the browser process, ~100 ms
 * for the 3 MB Markdown of a 10,000-message conversation; a port structured-clones it in ~5 ms (issue 9
 * "Figures": the Export click). Where the background is no service worker (Firefox's event page) the
 * UI falls back to the protocol's `exportConversation`, the same answer.
 */
const EXPORT_KIND = 'chat-lens:exportConversation';

export type ExportRunner = (request: ExportRequest) => Promise<Result<ExportFile>>;

/** What the worker needs of its global scope: its `message` events. */
export interface MessageScope {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Worker side: answers each export request on the port it came with. Registered while the worker script
 * first runs, so a stopped worker woken by the message hears it.
 */
export function serveExportsOverPorts(scope: MessageScope, run: ExportRunner): void {
  scope.addEventListener('message', (event) => {
    const port = event.ports[0];
    if (port === undefined || !isRecord(event.data) || event.data.kind !== EXPORT_KIND) return;
    // A malformed request is answered too, with its typed error, so the page waiting on the port hears.
    const request = parseExportRequest(event.data.request);
    void (request.ok ? run(request.value) : Promise.resolve(request))
      .catch((error: unknown) =>
        fail<ExportFile>(
          'network',
          `The export did not finish: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .then((result) => {
        port.postMessage(result);
        port.close();
      });
  });
}

/** The service worker an extension page can post to, or null (no service worker background). */
export type FindWorker = () => Promise<{
  postMessage(message: unknown, transfer: Transferable[]): void;
} | null>;

export const extensionServiceWorker: FindWorker = async () => {
  if (typeof navigator === 'undefined' || navigator.serviceWorker === undefined) return null;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return registration?.active ?? null;
};

/**
 * UI side: the export through the worker's port, or through `fallback` (runtime messaging) when the
 * background has no service worker.
 */
export async function requestExport(
  request: ExportRequest,
  fallback: ExportRunner,
  findWorker: FindWorker = extensionServiceWorker,
): Promise<Result<ExportFile>> {
  const worker = await findWorker();
  if (worker === null) return fallback(request);
  const channel = new MessageChannel();
  const answer = new Promise<Result<ExportFile>>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<Result<ExportFile>>) => {
      channel.port1.close();
      resolve(event.data);
    };
  });
  worker.postMessage({ kind: EXPORT_KIND, request }, [channel.port2]);
  return answer;
}
