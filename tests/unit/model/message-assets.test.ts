import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assetText, readMessageAssets } from '@/lib/model/message-assets';
import { normalizeMessageObject } from '@/lib/model/message-object';
import { richContentConversation, richContentTreeConversation } from '@/tests/unit/fixtures/rich-content';

const imagePart = (pointer: string, extra: Record<string, unknown> = {}) => ({
  content_type: 'image_asset_pointer',
  asset_pointer: pointer,
  size_bytes: 2048,
  width: 640,
  height: 480,
  ...extra,
});

describe('readMessageAssets (site-interface 10.9)', () => {
  it.each([
    ['the messages format', richContentConversation],
    ['the tree format', richContentTreeConversation],
  ])('names the generated image, the uploaded image and the attached file of %s', (_format, conversation) => {
    const byId = new Map(conversation().messages.map((message) => [message.id, message]));
    expect(byId.get('r-17')?.assets).toEqual([
      {
        kind: 'image',
        generated: true,
        screenshot: false,
        pointer: 'sediment://file_00000000a1b2c3d4',
        fileId: 'file_00000000a1b2c3d4',
        name: null,
        mimeType: null,
        sizeBytes: 1_468_006,
        width: 1024,
        height: 1024,
        inContent: true,
      },
    ]);
    const upload = byId.get('r-19');
    expect(
      upload?.assets.map(({ kind, generated, name, inContent }) => ({ kind, generated, name, inContent })),
    ).toEqual([
      { kind: 'image', generated: false, name: 'tram-28.jpg', inContent: true },
      { kind: 'file', generated: false, name: 'itinerary.pdf', inContent: false },
    ]);
    expect(upload?.text).toBe(
      '[Uploaded image: tram-28.jpg, 1536×2048, 310 KB]\n\nHere is a photo from my last trip and my itinerary: what should I add?',
    );
  });

  it('tells a generated image by its generation metadata, also in an answer of the user role', () => {
    const [withDalle, plain] = readMessageAssets(
      {
        content_type: 'multimodal_text',
        parts: [
          imagePart('sediment://file_1', { metadata: { dalle: {} } }),
          imagePart('file-service://file-2'),
        ],
      },
      {},
      'user',
    );
    expect(withDalle?.generated).toBe(true);
    expect(plain).toMatchObject({ generated: false, fileId: 'file-2' });
  });

  it('never leaves a bare [image] where the part names anything', () => {
    const message = normalizeMessageObject(
      {
        id: 'm1',
        author: { role: 'tool', name: 'dalle.text2im' },
        content: { content_type: 'multimodal_text', parts: [imagePart('sediment://file_9')] },
      },
      { format: 'messages', fallbackId: 'x' },
    );
    expect(message?.text).toBe('[Generated image: file_9, 640×480, 2 KB]');
    expect(message?.text).toBe(assetText(message?.assets[0] as never));
  });

  it('reads odd members as absent and never throws', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.string(),
        (content, metadata, role) => {
          const assets = readMessageAssets(
            Array.isArray(content) ? { parts: content } : content,
            { ...metadata, attachments: metadata.attachments ?? [metadata] },
            role,
          );
          for (const asset of assets)
            expect(assetText(asset)).toMatch(/^\[(Generated|Uploaded) (image|file)/);
        },
      ),
    );
  });
});
