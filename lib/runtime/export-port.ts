import { isRecord } from '@/lib/model/json-read';
import { fail, ok, type Result } from '@/lib/model/result';
import { type ReceivedExport, receivedExport } from './download-file';
import type { ExportFile, PreparedExport } from './export-file';
import type { ExportRequest } from './protocol';
import { parseExportRequest } from './ui-requests';

/**
 * The export's own channel from an extension page to the service worker: a MessagePort handed over with
 * the worker's `postMessage`. Runtime messaging serialises as JSON through the browser process, ~100 ms
 * for the 3 MB Markdown of a 10,000-message conversation (issue 9 "Figures": the Export click). Where the
 * background is no service worker (Firefox's event page) the UI falls back to the protocol's
 * `exportConversation`, the same answer.
 *
 * The worker makes the file a Blob itself (a service worker has Blobs, only no object URLs) and posts
 * that: a Blob crosses a port as a handle, so the page's last steps are an object URL and the download.
 * A Blob of the writers' pieces is the UTF-8 encoding and little more (~11 ms for that Markdown; its 16 KB
 * pieces cost what the same text joined into 256 KB strings does); the parts posted for the page to make
 * a Blob of each cost more and left the page behind the worker.
 */
const EXPORT_KIND = 'chat-lens:exportConversation';
/** What the worker posts on the port: the file, or why there is none. */
type PortMessage = Result<ReceivedExport>;

export type ExportRunner = (request: ExportRequest) => Promise<Result<ExportFile>>;
export type ExportPreparer = (request: ExportRequest) => Promise<Result<PreparedExport>>;

/** What the worker needs of its global scope: its `message` events. */
export interface MessageScope {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** The export written, as a Blob of its type. */
function blobOf({ fileName, mimeType, pieces }: PreparedExport): ReceivedExport {
  return { fileName, mimeType, body: new Blob([...pieces()], { type: mimeType }) };
}

const unfinished = (error: unknown): Result<never> =>
  fail('network', `The export did not finish: ${error instanceof Error ? error.message : String(error)}`);

/**
 * Worker side: answers each export request on the port it came with. Registered while the worker script
 * first runs, so a stopped worker woken by the message hears it.
 */
export function serveExportsOverPorts(scope: MessageScope, prepare: ExportPreparer): void {
  scope.addEventListener('message', (event) => {
    const port = event.ports[0];
    if (port === undefined || !isRecord(event.data) || event.data.kind !== EXPORT_KIND) return;
    // A malformed request is answered too, with its typed error, so the page waiting on the port hears.
    const request = parseExportRequest(event.data.request);
    void (request.ok ? prepare(request.value) : Promise.resolve(request))
      .then(
        (prepared): PortMessage => (prepared.ok ? ok(blobOf(prepared.value), prepared.warnings) : prepared),
      )
      .catch(unfinished)
      .then((result) => {
        port.postMessage(result satisfies PortMessage);
        port.close();
      });
  });
}

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
 * UI side: the export through the worker's port, or through `fallback` (runtime messaging) when the
 * background has no service worker.
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
