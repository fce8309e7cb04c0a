import type { ReceivedExport } from '@/lens/runtime/contract/download-file';
import type { PreparedExport } from '@/lens/runtime/contract/export-file';
import {
  EXPORT_KIND,
  type ExportAnswer,
  PAGE_EXPORT_GLOBAL,
  type PageExport,
} from '@/lens/runtime/contract/export-port';
import type { ExportRequest } from '@/lens/runtime/contract/protocol';
import { utf8Chunks } from '@/lib/export/utf8-chunks';
import { isRecord } from '@/lib/model/json-read';
import { fail, ok, type Result } from '@/lib/model/result';
import { parseExportRequest } from './ui-requests';

/*
 * The background's side of the export channels (lens/runtime/contract/export-port.ts): the service worker's
 * port, and the function a background page offers the extension's pages. The background makes the file a
 * Blob itself (a service worker has Blobs, only no object URLs) and hands that over, so the page's last
 * steps are an object URL and the download. The Blob is made of UTF-8 bytes encoded as the writer goes
 * (lib/export/utf8-chunks.ts): in Chromium, a Blob made of the writer's strings themselves, all held until
 * the end, made the Export click of a 10,000-message conversation (3 MB of Markdown) about 20 ms slower.
 */

export type ExportPreparer = (request: ExportRequest) => Promise<Result<PreparedExport>>;

/** What the worker needs of its global scope: its `message` events. */
export interface MessageScope {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** The export written, as a Blob of its type. */
function blobOf({ fileName, mimeType, pieces }: PreparedExport): ReceivedExport {
  // The chunks and the ZIP's pieces are bytes of plain ArrayBuffers (never shared memory), as a Blob takes.
  const parts = [...utf8Chunks<Uint8Array | Blob>(pieces())] as BlobPart[];
  return { fileName, mimeType, body: new Blob(parts, { type: mimeType }) };
}

const unfinished = (error: unknown): Result<never> =>
  fail('network', `The export did not finish: ${error instanceof Error ? error.message : String(error)}`);

/**
 * The answer to a request of any shape: a malformed one gets its typed error, so the page waiting hears,
 * and a writer that throws part-way gives a failed export, never a partial file.
 */
function answerExport(requested: unknown, prepare: ExportPreparer): Promise<ExportAnswer> {
  const request = parseExportRequest(requested);
  return (request.ok ? prepare(request.value) : Promise.resolve(request))
    .then(
      (prepared): ExportAnswer => (prepared.ok ? ok(blobOf(prepared.value), prepared.warnings) : prepared),
    )
    .catch(unfinished);
}

/**
 * Answers each export request on the port it came with. Registered while the worker script first runs,
 * so a stopped worker woken by the message hears it.
 */
export function serveExportsOverPorts(scope: MessageScope, prepare: ExportPreparer): void {
  scope.addEventListener('message', (event) => {
    const port = event.ports[0];
    if (port === undefined || !isRecord(event.data) || event.data.kind !== EXPORT_KIND) return;
    void answerExport(event.data.request, prepare).then((result) => {
      port.postMessage(result);
      port.close();
    });
  });
}

/**
 * Puts the export function on a background page's window, where the extension's pages call it directly
 * (Firefox's event page: lens/runtime/contract/export-port.ts). In a service worker no page reaches it.
 */
export function serveExportsToPages(scope: object, prepare: ExportPreparer): void {
  const pageExport: PageExport = (request) => answerExport(request, prepare);
  Reflect.set(scope, PAGE_EXPORT_GLOBAL, pageExport);
}
