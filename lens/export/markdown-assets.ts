import { withoutMarkers } from '@/features/sources/citation-sweep';
import { inlineText } from '@/lib/export/markdown-text';
import {
  assetDetails,
  assetKindLabel,
  assetText,
  byteSize,
  type MessageAsset,
} from '@/lib/model/message-assets';

/**
 * The images and files of a message in the Markdown (export-format "Images and files"): each where it stands,
 * named by what it is and numbered through the conversation ("Generated image 2"). With a file's path (a
 * resolver given by the step that has the files, such as a data export's folder, site-interface 10.8) an
 * image is shown and a file linked; without one, a line names it. A pointer (`sediment://…`) is never a link:
 * no viewer can open it.
 */

/**
 * The relative path of an asset's file from its pointer (`sediment://file_…`, `file-service://file-…`), or
 * for an attachment alone from its file id; null when the file is not at hand.
 */
export type AssetPathResolver = (pointer: string) => string | null;

/** The next number of each kind of asset ("Generated image", "Uploaded file"), through the conversation. */
export type AssetNumbers = Map<string, number>;

/** A relative path as a link destination: `<…>` holds spaces; what would end it is escaped. */
function destination(path: string): string {
  return `<${path.replace(/[<>\n\r\\]/g, (character) => encodeURIComponent(character))}>`;
}

/** A file's name is text from outside, like a title: written inert, without citation markers. */
export const named = (text: string): string => inlineText(withoutMarkers(text));

function assetMarkdown(
  asset: MessageAsset,
  numbers: AssetNumbers,
  resolve: AssetPathResolver | undefined,
): string {
  const kind = assetKindLabel(asset);
  const number = (numbers.get(kind) ?? 0) + 1;
  numbers.set(kind, number);
  const label = `${kind} ${number}`;
  const key = asset.pointer ?? asset.fileId;
  const path = key === null || resolve === undefined ? null : resolve(key);
  if (path !== null && path !== '') {
    const size = asset.width !== null && asset.height !== null ? ` (${asset.width}×${asset.height})` : '';
    const name = asset.name === null ? '' : `: ${asset.name}`;
    const extra = asset.kind === 'file' && asset.sizeBytes !== null ? ` (${byteSize(asset.sizeBytes)})` : '';
    return asset.kind === 'image'
      ? `![${named(`${label}${size}`)}](${destination(path)})`
      : `[${named(`${label}${name}${extra}`)}](${destination(path)})`;
  }
  const details = assetDetails(asset);
  return `_${named(details.length === 0 ? label : `${label}: ${details.join(', ')}`)}_`;
}

/**
 * The message's body with each image part's line (message-assets.ts `assetText`) written as its image, and
 * the attachments no part shows before it, as the site shows them above the message.
 */
export function withAssets(
  body: string,
  assets: readonly MessageAsset[],
  numbers: AssetNumbers,
  resolve: AssetPathResolver | undefined,
): string {
  const attached: string[] = [];
  let written = '';
  let rest = body;
  for (const asset of assets) {
    if (!asset.inContent) {
      attached.push(assetMarkdown(asset, numbers, resolve));
      continue;
    }
    const line = assetText(asset);
    const at = rest.indexOf(line);
    const markdown = assetMarkdown(asset, numbers, resolve);
    if (at < 0) {
      attached.push(markdown);
      continue;
    }
    written += rest.slice(0, at) + markdown;
    rest = rest.slice(at + line.length);
  }
  const shown = (written + rest).trim();
  return [...attached, shown].filter((piece) => piece !== '').join('\n\n');
}
