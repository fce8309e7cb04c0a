/**
 * Saves an export through a temporary `<a download>`, in the popup, the side panel or the tab's relay
 * (DESIGN "Environment facts": the worker has no object URLs, so a page makes the Blob). Needs no
 * downloads permission. The URL is revoked on the next task, once the browser took the file.
 */
export function downloadFile(doc: Document, fileName: string, body: Blob): void {
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
