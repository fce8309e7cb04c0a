import { type BodyOptions, FORMAT_WRITERS } from '@/lens/export/format-writers';
import type { TextExportFormat } from '@/lens/export/formats';
import type { Inspection } from '@/lens/insights/inspection';
import { utf8Chunks } from '@/lib/export/utf8-chunks';

/**
 * The body of a conversation's export written before the click (architecture "A file readied before the
 * click"): the UI asks for it when the pointer or the focus comes to the Export button, and the click's
 * export takes it, adding only the head that holds the time. One body is kept per conversation as it is (its
 * Inspection, which the holding keeps while nothing of the conversation changed), so a body of a
 * conversation that changed since is never used, and is let go with the Inspection it was written from.
 */
export class ReadiedExports {
  readonly #kept = new WeakMap<Inspection, { key: string; body: Blob }>();

  /** Writes the body of `inspection` in `format` with `options` and keeps it, unless it is kept already. */
  ready(inspection: Inspection, format: TextExportFormat, options: BodyOptions): void {
    const key = keyOf(format, options);
    if (this.#kept.get(inspection)?.key !== key)
      this.#kept.set(inspection, { key, body: bodyBlob(inspection, format, options) });
  }

  /**
   * The body for an export: the one readied, which it takes, so that a body is held only from the pointing
   * to the click (3 MB for a conversation of 10,000 messages), or one written now.
   */
  take(inspection: Inspection, format: TextExportFormat, options: BodyOptions): Blob {
    const kept = this.#kept.get(inspection);
    if (kept?.key !== keyOf(format, options)) return bodyBlob(inspection, format, options);
    this.#kept.delete(inspection);
    return kept.body;
  }
}

const keyOf = (format: TextExportFormat, options: BodyOptions): string => JSON.stringify([format, options]);

/** The body as a Blob of UTF-8 bytes, encoded as the writer goes (lib/export/utf8-chunks.ts). */
const bodyBlob = (inspection: Inspection, format: TextExportFormat, options: BodyOptions): Blob =>
  new Blob([...utf8Chunks(FORMAT_WRITERS[format].body(inspection, options))] as BlobPart[]);
