import { hasSessionCookie } from '@/tests/replica/auth';
import { IMAGE_SIGNATURE_CANARY } from '@/tests/replica/fixtures/canaries';
import { sendDetail } from '@/tests/replica/http-helpers';
import { replicaImagePng } from '@/tests/replica/png';
import type { HandlerContext } from './context';

/**
 * GET /backend-api/estuary/content?id=<file id>&sig=…: an image the chat page shows, as the site's file
 * service serves it: to a browser holding the session cookie, at the signed address the page was given,
 * cacheable for a while.
 */
export function handleImage(context: HandlerContext): void {
  const { request, response, url, credentials } = context;
  const fileId = url.searchParams.get('id') ?? '';
  if (!hasSessionCookie(request, credentials)) {
    sendDetail(response, 403, 'No session');
    return;
  }
  if (!fileId.startsWith('file') || url.searchParams.get('sig') !== IMAGE_SIGNATURE_CANARY) {
    sendDetail(response, 404, 'No such file');
    return;
  }
  const png = replicaImagePng(fileId);
  response.writeHead(200, {
    'content-type': 'image/png',
    'content-length': String(png.length),
    'cache-control': 'private, max-age=300',
  });
  response.end(png);
}
