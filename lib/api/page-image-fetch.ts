import { CHAT_ORIGIN } from '@/lib/capture/endpoint';
import { fail, ok, type Result } from '@/lib/model/result';
import { statusError } from './http-error';
import type { RateGovernor } from './rate-governor';
import type { FetchLike } from './request-timeout';

/**
 * One image the chat page shows, fetched for an export that asked for images
 * (export-format "Images and files"): the address the page itself loaded, on chatgpt.com only, through the one rate governor, with the
 * session's cookies as the page's own request has them and from the browser's cache where it is still
 * there. No token is sent: the page's image requests carry none. The address holds a signature, so it is
 * never written into a message, a log or the file.
 */
export type ImageFetcher = (url: string) => Promise<Result<FetchedImage>>;

export interface FetchedImage {
  bytes: Uint8Array;
  /** The response's Content-Type, always an `image/` type. */
  mimeType: string;
}

/** Larger than any image the site serves; a body past it is not an image to keep in a worker's memory. */
const MAX_IMAGE_BYTES = 32 * 1024 * 1024;

export function createImageFetcher(options: {
  fetch: FetchLike;
  governor: RateGovernor;
  origin?: string;
}): ImageFetcher {
  const { fetch, governor, origin = CHAT_ORIGIN } = options;
  return async (url) => {
    let address: URL;
    try {
      address = new URL(url, origin);
    } catch {
      return fail('unexpected-shape', 'An image of the page has no readable address.');
    }
    if (address.origin !== origin)
      return fail('unexpected-shape', 'An image of the page is served from elsewhere than chatgpt.com.');
    const what = 'an image of the page';
    const sent = await governor.run(() =>
      fetch(address.href, { credentials: 'include', cache: 'force-cache', headers: { accept: 'image/*' } }),
    );
    if (!sent.ok) return sent;
    const response = sent.value;
    if (!response.ok) return statusError(response.status, what);
    const mimeType = response.headers.get('content-type');
    if (mimeType === null || !mimeType.toLowerCase().startsWith('image/'))
      return fail('unexpected-shape', `${what} answered with something other than an image.`);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES)
      return fail('unexpected-shape', `${what} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
    try {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > MAX_IMAGE_BYTES)
        return fail('unexpected-shape', `${what} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`);
      return ok({ bytes, mimeType });
    } catch {
      return fail('network', `The body of ${what} could not be read to its end.`);
    }
  };
}
