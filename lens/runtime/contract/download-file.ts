import type { ExportFile, ExportFileHead } from './export-file';

/** An export as a page holds it: its text already a Blob (architecture "Browser facts"). */
export interface ReceivedExport extends ExportFileHead {
  body: Blob;
}

/** An export the worker sent whole, as text (runtime messaging), made a Blob of its type. */
export function receivedExport({ fileName, mimeType, text, encoding }: ExportFile): ReceivedExport {
  const body =
    encoding === 'base64' ? Uint8Array.from(atob(text), (character) => character.charCodeAt(0)) : text;
  return { fileName, mimeType, body: new Blob([body], { type: mimeType }) };
}

/**
 * Saves an export through a temporary `<a download>`, in the popup, the side panel or the tab's relay
 * (architecture "Browser facts": the worker has no object URLs, so a page makes the Blob). Needs no
 * downloads permission. The URL is revoked on the next task, once the browser took the file.
 */
export function downloadFile(doc: Document, { fileName, body }: ReceivedExport): void {
  const view = doc.defaultView ?? window;
  const url = view.URL.createObjectURL(body);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  view.setTimeout(() => view.URL.revokeObjectURL(url), 0);
}
