import type { ImageFetcher } from '@/lib/api/page-image-fetch';
import { type AssetFile, conversationAssets } from '@/lib/export/asset-files';
import type { Conversation } from '@/lib/model/conversation';

/**
 * The images of a conversation, fetched from the addresses its page shows them at
 * (export-format "Images and files"). The page names an image by its file id: the site's image address carries it as its `id`
 * parameter (`/backend-api/estuary/content?id=file_…`) or as a segment of its path. An image the page does
 * not show, or whose fetch fails, stays a line naming it, and the export says how many.
 */
export interface PageImages {
  files: Map<string, AssetFile>;
  warnings: string[];
}

function namesFile(url: string, fileId: string): boolean {
  try {
    const address = new URL(url);
    return (
      address.searchParams.get('id') === fileId ||
      address.pathname.split('/').some((segment) => segment === fileId || segment.startsWith(`${fileId}-`))
    );
  } catch {
    return false;
  }
}

const images = (count: number): string => `${count} image${count === 1 ? '' : 's'}`;

/** One image at a time, each through the fetcher (and so the one rate governor). */
export async function fetchPageImages(
  conversation: Conversation,
  pageUrls: readonly string[],
  fetchImage: ImageFetcher,
): Promise<PageImages> {
  const files = new Map<string, AssetFile>();
  let unseen = 0;
  const failures: string[] = [];
  for (const asset of conversationAssets(conversation)) {
    if (asset.kind !== 'image' || asset.fileId === null) continue;
    const fileId = asset.fileId;
    const url = pageUrls.find((candidate) => namesFile(candidate, fileId));
    if (url === undefined) {
      unseen += 1;
      continue;
    }
    const fetched = await fetchImage(url);
    if (fetched.ok) files.set(fileId, { ...fetched.value, name: null });
    else failures.push(fetched.error.message);
  }
  const warnings: string[] = [];
  if (unseen > 0)
    warnings.push(`${images(unseen)} not shown on the page, so named instead (open them in the chat first).`);
  if (failures.length > 0)
    warnings.push(`${images(failures.length)} could not be fetched, so named instead: ${failures[0]}`);
  return { files, warnings };
}
