import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '@/features/index';
import { writeExport } from '@/lens/export/format-writers';
import { EXPORT_SCHEMA, toExportDocument } from '@/lens/export/json-export';
import { inspect } from '@/lens/insights/inspection';
import { TOO_DEEP_VALUE } from '@/lib/export/scrub-metadata';
import { REMOVED_VALUE } from '@/lib/model/secret-members';
import { conversationOf, message } from '@/tests/unit/insights/build-conversation';
import { arbitraryInspection } from './arbitrary-inspection';

const EXPORTED_AT = new Date('2026-11-20T09:30:00Z');

const conversation = conversationOf(
  [
    message({ id: 's', role: 'system', hidden: true }),
    message({
      id: 'u1',
      role: 'user',
      text: 'Which pan?',
      createTimeMs: Date.UTC(2026, 9, 14, 17, 46, 40) + 123.7,
    }),
    message({ id: 't1', role: 'tool', metadata: { search_model_queries: ['cast iron pan'] } }),
    message({ id: 'a1', text: 'Cast iron.', createTimeMs: 8.64e15 + 1 }),
  ],
  { id: 'conv-1', title: 'Pans', createTimeMs: Date.UTC(2026, 10, 20), extraKeys: ['new_key'] },
);

describe('toExportDocument', () => {
  const inspection = inspect({ conversation });
  const document = toExportDocument(inspection, { exportedAt: EXPORTED_AT });

  it("has exactly the members of chat-lens/export@1, in order: its own, then each feature's", () => {
    // The features' members are each feature's to list (architecture "Features"); the golden files hold the
    // whole document, and tests/unit/inspection-contract.test.ts that each member is documented.
    expect(Object.keys(document)).toEqual([
      'schema',
      'exportedAt',
      'conversation',
      'messages',
      'canvases',
      ...FEATURES.flatMap((feature) => Object.keys(feature.json(inspection))),
    ]);
    expect(document.schema).toBe(EXPORT_SCHEMA);
    expect(document.exportedAt).toBe('2026-11-20T09:30:00.000Z');
    expect(Object.keys(document.conversation)).toEqual([
      'id',
      'title',
      'createTime',
      'updateTime',
      'model',
      'currentNode',
      'flags',
      'extraKeys',
      'sources',
    ]);
    expect(document.conversation.createTime).toBe('2026-11-20T00:00:00.000Z');
    expect(document.conversation.extraKeys).toEqual(['new_key']);
  });

  it('holds every message of the branch, hidden ones flagged, times as ISO or null', () => {
    expect(document.messages.map((m) => [m.id, m.hidden])).toEqual([
      ['s', true],
      ['u1', false],
      ['t1', false],
      ['a1', false],
    ]);
    expect(document.messages[1]?.createTime).toBe('2026-10-14T17:46:40.123Z');
    // A time no Date can hold is null rather than an exception.
    expect(document.messages[3]?.createTime).toBeNull();
    expect(document.messages[2]?.metadata).toEqual({ search_model_queries: ['cast iron pan'] });
  });

  it('indexes turns from 0 and gives each query its turn and message', () => {
    expect(document.turns).toEqual([
      {
        index: 0,
        messageIds: ['s'],
        searched: null,
        searchEvidence: null,
        model: null,
        streamed: false,
        transport: null,
      },
      {
        index: 1,
        messageIds: ['u1', 't1', 'a1'],
        searched: true,
        searchEvidence: 'tool-messages',
        model: null,
        streamed: false,
        transport: null,
      },
    ]);
    expect(document.queries).toEqual([
      {
        text: 'cast iron pan',
        kind: 'search',
        source: 'search_model_queries',
        messageId: 't1',
        turnIndex: 1,
        page: null,
      },
    ]);
  });

  it('says null for what was not seen, and unknown for a transport never observed', () => {
    expect(document).toMatchObject({
      ads: null,
      offers: [],
      transport: 'unknown',
      formats: null,
      account: null,
    });
  });
});

describe('message metadata in the export', () => {
  const exportedMetadata = (metadata: Record<string, unknown>) =>
    toExportDocument(inspect({ conversation: conversationOf([message({ id: 'm', metadata })]) }), {
      exportedAt: EXPORTED_AT,
    }).messages[0]?.metadata;

  it('keeps only the presence of token-bearing members, access tokens and tracking members', () => {
    const metadata = exportedMetadata({
      content_references: [
        { type: 'products', product_lookup_key: { data: 'secret-1' }, checkout_payload: 'secret-2' },
        { provider_metadata: { id_to_token_map: { o1: 'secret-3' } }, checkout_image_urls: ['secret-4'] },
      ],
      Authorization: 'Bearer secret-5',
      accessToken: 'secret-6',
      OPPREF: 'secret-7',
    });
    expect(JSON.stringify(metadata)).not.toContain('secret-');
    expect(metadata).toEqual({
      content_references: [
        { type: 'products', product_lookup_key: REMOVED_VALUE, checkout_payload: REMOVED_VALUE },
        { provider_metadata: { id_to_token_map: REMOVED_VALUE }, checkout_image_urls: REMOVED_VALUE },
      ],
      Authorization: REMOVED_VALUE,
      accessToken: REMOVED_VALUE,
      OPPREF: REMOVED_VALUE,
    });
  });

  it('takes tracking parameters out of every URL and keeps the rest of it', () => {
    const metadata = exportedMetadata({
      citations: [{ url: 'https://shop.example/p?id=7&oppref=secret-1&utm_source=chatgpt#olref=secret-2' }],
    });
    expect(metadata).toEqual({ citations: [{ url: 'https://shop.example/p?id=7&utm_source=chatgpt' }] });
  });

  it('keeps a "__proto__" key as data and cuts nesting deeper than any real metadata', () => {
    const deep: Record<string, unknown> = { level: 0 };
    let inner = deep;
    for (let level = 1; level < 100; level += 1) {
      const next = { level };
      inner.next = next;
      inner = next;
    }
    const metadata = exportedMetadata({ ...JSON.parse('{"__proto__": {"polluted": true}}'), deep });
    expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
    expect(Object.hasOwn(metadata ?? {}, '__proto__')).toBe(true);
    expect(JSON.stringify(metadata)).toContain(TOO_DEEP_VALUE);
  });
});

describe('the JSON file', () => {
  it('is the document with 2-space indentation and a final newline, its head and body put together', () => {
    const inspection = inspect({ conversation });
    const text = writeExport(inspection, 'json', { exportedAt: EXPORTED_AT });
    expect(text).toBe(
      `${JSON.stringify(toExportDocument(inspection, { exportedAt: EXPORTED_AT }), null, 2)}\n`,
    );
    expect(text.split('\n')[1]).toBe('  "schema": "chat-lens/export@1",');
  });

  it('never throws and always reads back as the same document, for any conversation', () => {
    fc.assert(
      fc.property(arbitraryInspection(), (inspection) => {
        const document = toExportDocument(inspection, { exportedAt: EXPORTED_AT });
        expect(JSON.parse(writeExport(inspection, 'json', { exportedAt: EXPORTED_AT }))).toEqual(
          JSON.parse(JSON.stringify(document)),
        );
      }),
      { numRuns: 200 },
    );
  });
});
