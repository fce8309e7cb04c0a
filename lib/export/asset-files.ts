import type { Conversation } from '@/lib/model/conversation';
import type { MessageAsset } from '@/lib/model/message-assets';
import { safeFileStem } from './file-name';

/**
 * The bytes of the images and files a conversation shows, where the step making the export has them
 * (export-format "Images and files"): a data export's own files (`inspect`), or the images the chat page
 * shows, fetched when the user asked for them (the extension's "include images").
 */
export interface AssetFile {
  bytes: Uint8Array;
  /** The type its source gave (a response's Content-Type); null when unknown. */
  mimeType: string | null;
  /** Its name where its source gave one (a data export's file name); null otherwise. */
  name: string | null;
}

/** Keyed by file id: `file_abc` of `sediment://file_abc`, `file-XYZ` of `file-service://file-XYZ`. */
export type AssetFiles = ReadonlyMap<string, AssetFile>;

const POINTER_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The file id of an asset pointer, or an attachment's id as it is. */
export const assetFileId = (pointerOrId: string): string => pointerOrId.replace(POINTER_SCHEME, '');

/** Every asset of the conversation with a file id, once each, in the order they are shown. */
export function conversationAssets(conversation: Conversation): MessageAsset[] {
  const seen = new Set<string>();
  const assets: MessageAsset[] = [];
  for (const message of conversation.messages) {
    for (const asset of message.assets) {
      if (asset.fileId === null || seen.has(asset.fileId)) continue;
      seen.add(asset.fileId);
      assets.push(asset);
    }
  }
  return assets;
}

/** Extensions of the image types the site serves; anything else keeps its name's, or none. */
const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

const extensionOf = (name: string | null): string | null => {
  const match = name === null ? null : /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return match === null ? null : (match[1] ?? null);
};

/**
 * What an asset's file is called in a ZIP: its source's name, else the attachment's, else its file id, with
 * the extension of its type where the name has none.
 */
export function assetFileName(asset: MessageAsset, file: AssetFile): string {
  const name = file.name ?? asset.name ?? asset.fileId ?? 'file';
  const mimeType = (file.mimeType ?? asset.mimeType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = extensionOf(name) ?? IMAGE_EXTENSIONS[mimeType] ?? null;
  const stem =
    safeFileStem(extensionOf(name) === null ? name : name.slice(0, name.lastIndexOf('.'))) || 'file';
  return extension === null ? stem : `${stem}.${extension.toLowerCase()}`;
}
