import { JSONParser } from '@streamparser/json';
import { countOf } from './count-text';
import { fail, ok, type Result } from './result';

export interface ExportStreamHandlers {
  /** One item of the top-level list, in order; the next is handed on once this one's promise settles. */
  item(value: unknown): Promise<void>;
  /** After every chunk: the bytes read so far and the items handed on. */
  progress(bytesRead: number, items: number): void;
}

const number = (value: number): string => value.toLocaleString('en-US');
const conversations = (count: number): string => countOf(count, 'complete conversation');

/**
 * The items of a data export's lists (conversations.json, or each of its parts `conversations-NNN.json` in
 * order), read from their bytes one item at a time: memory holds one chunk and the items it completes, never
 * the whole text, so an export of any size can be read (export-format "Reading the data export"). The caller
 * has seen that the text starts a list. `@streamparser/json` with `keepStack: false` drops each item from the
 * list once it is handed on.
 *
 * Resolves with the number of items read. A chunk that is not JSON, or a part that ends inside its list,
 * is a typed error after the items read before it were handed on. Byte positions count across the parts.
 * The message gives byte positions and counts only: it quotes no part of the file, which may hold values
 * that must not be printed.
 */
export async function readDataExportItems(
  parts: Iterable<AsyncIterable<Uint8Array>>,
  handlers: ExportStreamHandlers,
): Promise<Result<number>> {
  let bytes = 0;
  let items = 0;
  for (const chunks of parts) {
    const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
    // As reading the file as UTF-8 text does: a byte that is not UTF-8 reads as U+FFFD.
    const decoder = new TextDecoder();
    const completed: unknown[] = [];
    let invalid = false;
    parser.onValue = ({ value }) => {
      completed.push(value);
    };
    parser.onError = () => {
      invalid = true;
    };
    const write = async (text: string): Promise<void> => {
      parser.write(text);
      for (const value of completed.splice(0)) {
        await handlers.item(value);
        items += 1;
      }
    };
    const notJson = (start: number): Result<number> =>
      fail(
        'malformed-json',
        `The file is not valid JSON between bytes ${number(start)} and ${number(bytes)}, after ${conversations(items)}.`,
      );
    for await (const chunk of chunks) {
      const start = bytes;
      bytes += chunk.byteLength;
      await write(decoder.decode(chunk, { stream: true }));
      handlers.progress(bytes, items);
      if (invalid) return notJson(start);
    }
    // A file that stops inside a UTF-8 character leaves the decoder a last U+FFFD.
    const rest = decoder.decode();
    if (rest !== '') await write(rest);
    if (invalid) return notJson(bytes);
    if (!parser.isEnded) {
      return fail(
        'cut-off',
        `The file ends early: it stops after ${number(bytes)} bytes and ${conversations(items)}, inside the list.`,
      );
    }
  }
  return ok(items);
}
