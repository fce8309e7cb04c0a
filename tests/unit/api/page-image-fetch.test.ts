import { describe, expect, it } from 'vitest';
import { inspect } from '@/lens/insights/inspection';
import { fetchPageImages } from '@/lens/runtime/worker/page-image-files';
import { createImageFetcher } from '@/lib/api/page-image-fetch';
import { createRateGovernor } from '@/lib/api/rate-governor';
import type { FetchLike } from '@/lib/api/request-timeout';
import { richContentConversation } from '@/tests/unit/fixtures/rich-content';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const SIGNED = 'sig=canary-image-signature';

/** A file service on chatgpt.com: PNG bytes for the ids it knows, 404 otherwise; every request kept. */
function fileService(known: string[], answer?: (url: URL) => Response | null) {
  const requested: string[] = [];
  const fetch: FetchLike = async (url, init) => {
    requested.push(url);
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).has('authorization')).toBe(false);
    const address = new URL(url);
    const special = answer?.(address);
    if (special) return special;
    return known.includes(address.searchParams.get('id') ?? '')
      ? new Response(PNG, { headers: { 'content-type': 'image/png' } })
      : new Response('{"detail":"No such file"}', { status: 404 });
  };
  let clock = 1_000;
  const governor = createRateGovernor({ now: () => clock });
  return {
    fetch: createImageFetcher({ fetch, governor }),
    requested,
    governor,
    advance: (ms: number) => (clock += ms),
  };
}

const address = (fileId: string): string =>
  `https://chatgpt.com/backend-api/estuary/content?id=${fileId}&${SIGNED}`;

describe('the images of a page, fetched for an export that includes them', () => {
  const conversation = inspect({ conversation: richContentConversation() }).conversation;

  it('fetches each image the page shows by its file id, once, and names the rest', async () => {
    const service = fileService(['file_00000000a1b2c3d4']);
    const images = await fetchPageImages(
      conversation,
      [address('file_00000000a1b2c3d4'), address('file_00000000a1b2c3d4'), address('file_other')],
      service.fetch,
    );
    expect([...images.files.keys()]).toEqual(['file_00000000a1b2c3d4']);
    expect(images.files.get('file_00000000a1b2c3d4')).toEqual({
      bytes: PNG,
      mimeType: 'image/png',
      name: null,
    });
    expect(service.requested).toEqual([address('file_00000000a1b2c3d4')]);
    // The uploaded photo is not on the page; the PDF is no image, so it is not looked for.
    expect(images.warnings).toEqual([
      '1 image not shown on the page, so named instead (open them in the chat first).',
    ]);
  });

  it('reads a file id from the path as well (files served under their id)', async () => {
    const service = fileService([], (url) =>
      url.pathname === '/files/file-Up1Tram/content'
        ? new Response(PNG, { headers: { 'content-type': 'image/jpeg' } })
        : null,
    );
    const images = await fetchPageImages(
      conversation,
      ['https://chatgpt.com/files/file-Up1Tram/content', address('file_00000000a1b2c3d4')],
      service.fetch,
    );
    expect(images.files.get('file-Up1Tram')?.mimeType).toBe('image/jpeg');
    expect(images.warnings).toEqual([
      '1 image could not be fetched, so named instead: an image of the page was not found (404).',
    ]);
  });

  it('never asks another host, and keeps no address in its messages', async () => {
    const service = fileService(['file_00000000a1b2c3d4']);
    const fetched = await service.fetch(
      `https://files.example/estuary/content?id=file_00000000a1b2c3d4&${SIGNED}`,
    );
    expect(fetched.ok).toBe(false);
    expect(service.requested).toEqual([]);
    const html = await fileService(
      [],
      () => new Response('<html>', { headers: { 'content-type': 'text/html' } }),
    ).fetch(address('file_x'));
    expect(html.ok ? null : html.error.message).toBe(
      'an image of the page answered with something other than an image.',
    );
    expect(JSON.stringify([fetched, html])).not.toContain('canary-image-signature');
  });

  it('goes through the rate governor: after a 429 no image is asked for until the wait is over', async () => {
    let limited = true;
    const service = fileService(['file_00000000a1b2c3d4'], () =>
      limited ? new Response('', { status: 429, headers: { 'retry-after': '30' } }) : null,
    );
    const first = await service.fetch(address('file_00000000a1b2c3d4'));
    expect(first.ok ? null : first.error.code).toBe('rate-limited');
    limited = false;
    const held = await service.fetch(address('file_00000000a1b2c3d4'));
    expect(held.ok ? null : held.error.code).toBe('rate-limited');
    expect(service.requested).toHaveLength(1);
    service.advance(30_001);
    expect((await service.fetch(address('file_00000000a1b2c3d4'))).ok).toBe(true);
    expect(service.requested).toHaveLength(2);
  });
});
