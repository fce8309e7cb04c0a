import { isRecord, type JsonRecord, readIdentifier, readString } from './json-read';

/**
 * The images and files a message holds (site-interface 10.9): `image_asset_pointer` parts of its content,
 * where they stand among its text, the screenshot of an agent's `computer_output`, and the files the user
 * attached (`metadata.attachments`). A part and an
 * attachment of the same file are one asset. No request is made: a later step that has the files (a data
 * export, site-interface 10.8) maps a pointer to a path (export-format "Images and files").
 */
export interface MessageAsset {
  kind: 'image' | 'file';
  /** Made by a tool of the model (the image tool), not uploaded by the user. */
  generated: boolean;
  /** What the agent's computer showed (a `computer_output`'s screenshot), not an image made for the user. */
  screenshot: boolean;
  /** `asset_pointer` as sent (`sediment://file_…`, `file-service://file-…`); null for an attachment alone. */
  pointer: string | null;
  /** The file's id: the pointer without its scheme, or the attachment's id. */
  fileId: string | null;
  /** The file's name, where an attachment names it. */
  name: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  width: number | null;
  height: number | null;
  /** A content part, shown where it stands in the text; false for an attachment shown before it. */
  inContent: boolean;
}

const POINTER_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

const readCount = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** site-interface 10.9: the image tool marks what it made with `metadata.dalle` or `metadata.generation`. */
function madeByTool(part: JsonRecord): boolean {
  const metadata = part.metadata;
  return isRecord(metadata) && (isRecord(metadata.dalle) || isRecord(metadata.generation));
}

function imagePart(part: JsonRecord, fromUser: boolean, screenshot = false): MessageAsset {
  const pointer = readString(part.asset_pointer);
  return {
    kind: 'image',
    generated: madeByTool(part) || !fromUser,
    screenshot,
    pointer,
    fileId: pointer === null ? null : pointer.replace(POINTER_SCHEME, '') || null,
    name: null,
    mimeType: readString(part.mime_type),
    sizeBytes: readCount(part.size_bytes),
    width: readCount(part.width),
    height: readCount(part.height),
    inContent: true,
  };
}

function attachmentAsset(attachment: JsonRecord): MessageAsset {
  const mimeType = readString(attachment.mime_type);
  return {
    kind: mimeType?.startsWith('image/') === true ? 'image' : 'file',
    generated: false,
    screenshot: false,
    pointer: null,
    fileId: readIdentifier(attachment.id),
    name: readString(attachment.name),
    mimeType,
    sizeBytes: readCount(attachment.size),
    width: readCount(attachment.width),
    height: readCount(attachment.height),
    inContent: false,
  };
}

/**
 * An agent's `computer_output` screenshot (site-interface 10.9): an `image_asset_pointer` part, or its bare
 * pointer in older captures; null for anything else.
 */
export function screenshotPart(content: JsonRecord): JsonRecord | null {
  const { screenshot } = content;
  if (typeof screenshot === 'string' && POINTER_SCHEME.test(screenshot))
    return { content_type: 'image_asset_pointer', asset_pointer: screenshot };
  return isRecord(screenshot) && readString(screenshot.asset_pointer) !== null ? screenshot : null;
}

/** The image parts of a content, in order. */
function contentImages(content: unknown, fromUser: boolean): MessageAsset[] {
  if (isRecord(content) && content.content_type === 'computer_output') {
    const screenshot = screenshotPart(content);
    return screenshot === null ? [] : [imagePart(screenshot, false, true)];
  }
  if (!isRecord(content) || !Array.isArray(content.parts)) return [];
  const images: MessageAsset[] = [];
  for (const part of content.parts) {
    if (isRecord(part) && part.content_type === 'image_asset_pointer') images.push(imagePart(part, fromUser));
  }
  return images;
}

/** Every asset of a message: its image parts in order, then the attachments no part shows. */
export function readMessageAssets(content: unknown, metadata: JsonRecord, role: string): MessageAsset[] {
  const attachments = Array.isArray(metadata.attachments) ? metadata.attachments : null;
  const images = contentImages(content, role === 'user');
  if (attachments === null) return images;
  const assets = images;
  for (const raw of attachments) {
    if (!isRecord(raw)) continue;
    const attachment = attachmentAsset(raw);
    // The upload's part and its attachment are one file: the attachment gives the part its name.
    const part = assets.find(
      (asset) => asset.inContent && asset.fileId !== null && asset.fileId === attachment.fileId,
    );
    if (part === undefined) {
      assets.push(attachment);
      continue;
    }
    part.name ??= attachment.name;
    part.mimeType ??= attachment.mimeType;
    part.sizeBytes ??= attachment.sizeBytes;
  }
  return assets;
}

/** "1.4 MB", "310 KB", "512 bytes". */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "Generated image", "Uploaded image", "Uploaded file", "Screenshot". */
export function assetKindLabel(asset: MessageAsset): string {
  if (asset.screenshot) return 'Screenshot';
  return `${asset.generated ? 'Generated' : 'Uploaded'} ${asset.kind}`;
}

/** What is known of it beyond its kind: name (else file id), dimensions, type of a file, size. */
export function assetDetails(asset: MessageAsset): string[] {
  const details: string[] = [];
  const name = asset.name ?? asset.fileId;
  if (name !== null) details.push(name);
  if (asset.width !== null && asset.height !== null) details.push(`${asset.width}×${asset.height}`);
  if (asset.kind === 'file' && asset.mimeType !== null) details.push(asset.mimeType);
  if (asset.sizeBytes !== null) details.push(byteSize(asset.sizeBytes));
  return details;
}

/**
 * The asset as the message's text shows it, where its part stands: `[Generated image: file_abc, 1024×1024,
 * 1.4 MB]`. The Markdown finds this line again to write the image in its place (lens/export/markdown-assets.ts).
 */
export function assetText(asset: MessageAsset): string {
  const details = assetDetails(asset);
  return `[${assetKindLabel(asset)}${details.length === 0 ? '' : `: ${details.join(', ')}`}]`;
}
