import { browser } from '#imports';
import { type FindPageExport, PAGE_EXPORT_GLOBAL, type PageExport } from './export-port';

/**
 * The export function on the background page's window (export-port.ts), or null. Looked up at each export:
 * an event page Firefox unloaded and started again is a new window, and a background that is a service
 * worker has none.
 */
export const backgroundPageExport: FindPageExport = async () => {
  const page: unknown = await browser.runtime.getBackgroundPage().catch(() => null);
  const exported: unknown =
    typeof page === 'object' && page !== null ? Reflect.get(page, PAGE_EXPORT_GLOBAL) : undefined;
  return typeof exported === 'function' ? (exported as PageExport) : null;
};
