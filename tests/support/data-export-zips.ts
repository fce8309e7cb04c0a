import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { FixtureName } from '@/tests/replica/fixtures/ids';
import type { ChatMessage, StoredConversation } from '@/tests/replica/fixtures/stored-conversation';
import { replicaImagePng } from '@/tests/replica/png';
import { documentExportText, liveExportText, storedConversations } from './data-export-files';

/**
 * ChatGPT's data export as users download it, a ZIP archive in either of its layouts (site-interface 10.8):
 * `conversations.json` whole, or its parts `conversations-000.json`, …; the images of the conversations
 * lie beside them, named by their file id or as `.dat` files that `conversation_asset_file_names.json`
 * names. The conversations are the replica's fixtures, in the document's shape or the live one.
 */

/** The fixtures an export holds unless a test names others: among them, images uploaded and generated. */
export const EXPORTED_FIXTURES: readonly FixtureName[] = [
  'plain',
  'webSearch',
  'longHistory',
  'products',
  'canvasAndImages',
];

export interface DataExportZipOptions {
  names?: readonly FixtureName[];
  /** 'document': indented tree objects (site-interface 2.3); 'live': one line, the tree whole (data-export-files.ts). */
  shape?: 'document' | 'live';
  /** The folder inside the archive the export lies in: '' for the top, else ending with '/'. */
  folder?: string;
}

/** An image a conversation of the export shows, and the bytes its file holds. */
export interface ExportedImage {
  /** As the message holds it: `sediment://file_…`. */
  pointer: string;
  fileId: string;
  /** The upload's own name where the message gives one, else `image.png` (an image the model made). */
  name: string;
  bytes: Uint8Array;
}

const NAMES_FILE = 'conversation_asset_file_names.json';

const messagesOf = (conversation: StoredConversation): ChatMessage[] =>
  Object.values(conversation.mapping).flatMap((node) => (node.message === null ? [] : [node.message]));

/** The name the user's upload had, from the message's attachments, if it lists the file. */
function uploadName(message: ChatMessage, fileId: string): string | null {
  const attachments = message.metadata.attachments;
  if (!Array.isArray(attachments)) return null;
  const attachment = attachments.find((item: { id?: unknown }) => item.id === fileId) as
    | { name?: unknown }
    | undefined;
  return typeof attachment?.name === 'string' ? attachment.name : null;
}

/** Every image pointer of the conversations, once each, in the order of their messages. */
export function exportedImages(names: readonly FixtureName[] = EXPORTED_FIXTURES): ExportedImage[] {
  const images = new Map<string, ExportedImage>();
  for (const message of storedConversations(names).flatMap(messagesOf)) {
    if (message.content.content_type !== 'multimodal_text') continue;
    for (const part of message.content.parts) {
      if (typeof part === 'string' || images.has(part.asset_pointer)) continue;
      const fileId = part.asset_pointer.replace(/^sediment:\/\//, '');
      const name = uploadName(message, fileId) ?? 'image.png';
      images.set(part.asset_pointer, {
        pointer: part.asset_pointer,
        fileId,
        name,
        bytes: new Uint8Array(replicaImagePng(fileId)),
      });
    }
  }
  return [...images.values()];
}

/** The file an image lies in when the export names it by its id: `file_<id>-<name>`. */
export const imageFileName = (image: ExportedImage): string => `${image.fileId}-${image.name}`;

/** The `.dat` file an image lies in when the names file tells which it is. */
export const imageDatName = (image: ExportedImage): string =>
  `${createHash('sha256').update(image.fileId).digest('hex').slice(0, 32)}.dat`;

const conversationsText = (
  conversations: readonly StoredConversation[],
  shape: 'document' | 'live',
): string => (shape === 'document' ? documentExportText(conversations) : liveExportText(conversations));

const zipOfFiles = (folder: string, files: Record<string, Uint8Array>): Uint8Array =>
  zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`${folder}${name}`, bytes])));

/** What every export holds besides the conversations: the account's profile. */
const userJson = (): Uint8Array =>
  strToU8(JSON.stringify({ id: 'user-replica', email: 'reader@example.com', chatgpt_plus_user: true }));

/**
 * The older layout: `conversations.json` whole, the page that shows it (`chat.html`), `user.json`, and each
 * image as `file_<id>-<name>`.
 */
export function oneFileExportZip(options: DataExportZipOptions = {}): Uint8Array {
  const names = options.names ?? EXPORTED_FIXTURES;
  const files: Record<string, Uint8Array> = {
    'conversations.json': strToU8(conversationsText(storedConversations(names), options.shape ?? 'live')),
    'chat.html': strToU8(
      '<!DOCTYPE html><html><head><title>ChatGPT Data Export</title></head><body></body></html>',
    ),
    'user.json': userJson(),
  };
  for (const image of exportedImages(names)) files[imageFileName(image)] = image.bytes;
  return zipOfFiles(options.folder ?? '', files);
}

/**
 * The newer layout: the conversations in `parts` files `conversations-000.json`, … (fewer when there are
 * fewer conversations), `user.json`, and the images each way the export names them, by turns: the first
 * as `file_<id>-<name>`, the next as a `.dat` file listed in `conversation_asset_file_names.json`, and so
 * on.
 */
export function partsExportZip(options: DataExportZipOptions & { parts?: number } = {}): Uint8Array {
  const conversations = storedConversations(options.names ?? EXPORTED_FIXTURES);
  const perPart = Math.ceil(conversations.length / Math.max(1, options.parts ?? 3));
  const files: Record<string, Uint8Array> = { 'user.json': userJson() };
  for (let start = 0, part = 0; start < conversations.length; start += perPart, part += 1) {
    const text = conversationsText(conversations.slice(start, start + perPart), options.shape ?? 'live');
    files[`conversations-${String(part).padStart(3, '0')}.json`] = strToU8(text);
  }
  const namesFile: Record<string, string> = {};
  for (const [index, image] of exportedImages(options.names ?? EXPORTED_FIXTURES).entries()) {
    if (index % 2 === 0) {
      files[imageFileName(image)] = image.bytes;
    } else {
      files[imageDatName(image)] = image.bytes;
      namesFile[imageDatName(image)] = imageFileName(image);
    }
  }
  if (Object.keys(namesFile).length > 0) files[NAMES_FILE] = strToU8(JSON.stringify(namesFile, null, 2));
  return zipOfFiles(options.folder ?? '', files);
}
