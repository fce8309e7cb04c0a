import { inParts } from '@/lib/export/in-parts';
import { isRecord } from '@/lib/model/json-read';
import { fail, ok, type Result } from '@/lib/model/result';
import { type ReceivedExport, receivedExport } from './download-file';
import type { ExportFile, ExportFileHead, PreparedExport } from './export-file';
import type { ExportRequest } from './protocol';
import { parseExportRequest } from './ui-requests';

/**
 * The export's own channel from an extension page to the service worker: a MessagePort handed over with
 * the worker's `postMessage`. Runtime messaging serialises as JSON through the browser process, ~100 ms
 * for the 3 MB Markdown of a 10,000-message conversation; a port structured-clones it in ~5 ms (issue 9
 * "Figures": the Export click). Where the background is no service worker (Firefox's event page) the
 * UI falls back to the protocol's `exportConversation`, the same answer.
 *
 * The file comes in parts while the worker is still writing it, and the page makes each part a Blob as
 * it arrives: the two threads work at once, and the page's last step is a Blob of Blobs (no copy) and
 * the download (issue 9 "Figures": the Export click).
 */
const EXPORT_KIND = 'chat-lens:exportConversation';
/** Characters per part: a few parts for a long conversation's Markdown, one for most files. */
const PART_LENGTH = 256 * 1024;

/** What the worker posts on the port: the file's parts in order, then how the export ended. */
type PortMessage = { kind: 'part'; text: string } | { kind: 'end'; result: Result<ExportFileHead> };

export type ExportRunner = (request: ExportRequest) => Promise<Result<ExportFile>>;
export type ExportPreparer = (request: ExportRequest) => Promise<Result<PreparedExport>>;

/** What the worker needs of its global scope: its `message` events. */
export interface MessageScope {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** Posts the export's text in parts of about PART_LENGTH characters, written as they are posted. */
function postParts(port: MessagePort, prepared: PreparedExport): void {
  for (const text of inParts(prepared.pieces(), PART_LENGTH))
    port.postMessage({ kind: 'part', text } satisfies PortMessage);
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
      .then((prepared): Result<ExportFileHead> => {
        if (!prepared.ok) return prepared;
        postParts(port, prepared.value);
        const { fileName, mimeType } = prepared.value;
        return ok({ fileName, mimeType }, prepared.warnings);
      })
      .catch(unfinished)
      .then((result) => {
        port.postMessage({ kind: 'end', result } satisfies PortMessage);
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
): Promise<Result<ReceivedExport>> {
  const worker = await findWorker();
  if (worker === null) {
    const file = await fallback(request);
    return file.ok ? ok(receivedExport(file.value), file.warnings) : file;
  }
  const channel = new MessageChannel();
  const parts: Blob[] = [];
  const answer = new Promise<Result<ReceivedExport>>((resolve) => {
    channel.port1.onmessage = ({ data }: MessageEvent<PortMessage>) => {
      if (data.kind === 'part') {
        parts.push(new Blob([data.text]));
        return;
      }
      channel.port1.close();
      const { result } = data;
      resolve(
        result.ok
          ? ok({ ...result.value, body: new Blob(parts, { type: result.value.mimeType }) }, result.warnings)
          : result,
      );
    };
  });
  worker.postMessage({ kind: EXPORT_KIND, request }, [channel.port2]);
  return answer;
}
