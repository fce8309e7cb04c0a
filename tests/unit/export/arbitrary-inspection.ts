import fc from 'fast-check';
import { compareFormats } from '@/features/details/format-comparison';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import { parseAdAccount } from '@/lib/model/ad-account';
import { parseAdsResponse } from '@/lib/model/ad-record';
import {
  CONVERSATION_FLAG_KEYS,
  type ConversationFlags,
  type NormalizedMessage,
} from '@/lib/model/conversation';
import { parseProductEntity } from '@/lib/model/product-entity';
import { conversationOf, message } from '@/tests/unit/insights/build-conversation';

/**
 * Arbitrary inspections for the "never throws" properties: messages with any field values and text built
 * from lines that are Markdown syntax (headings, fences, tables, HTML, links of every scheme), and ads,
 * account and products from arbitrary JSON read through the real parsers.
 */
const markdownLine = fc.constantFrom(
  '## Ads',
  'carriage\r## Details',
  '# Title',
  '###### six',
  '```',
  '````',
  '```js',
  '~~~',
  '``` `x`',
  '---',
  '| a | b |',
  '> quote',
  '- item',
  '    ## indented code',
  '<!-- open comment',
  '<script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1)) <vbscript:x> ![i](https://tracker.example/i.png)',
  'Title\n===',
  '',
);

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc
    .array(fc.oneof(markdownLine, fc.string({ maxLength: 20 })), { maxLength: 8 })
    .map((lines) => lines.join('\n')),
);

const nullableText = fc.option(text);
const time = fc.option(fc.oneof(fc.double(), fc.integer({ min: 0, max: 4_102_444_800_000 })));

/** An image or file of a message (site-interface 10.9), its members of any text or size. */
const arbitraryAsset = fc.record({
  kind: fc.constantFrom('image' as const, 'file' as const),
  generated: fc.boolean(),
  screenshot: fc.boolean(),
  pointer: fc.option(fc.oneof(text, fc.constant('sediment://file_1'))),
  fileId: nullableText,
  name: nullableText,
  mimeType: nullableText,
  sizeBytes: fc.option(fc.nat()),
  width: fc.option(fc.nat()),
  height: fc.option(fc.nat()),
  inContent: fc.boolean(),
});

const arbitraryMessage = fc.record({
  id: fc.string({ minLength: 1, maxLength: 12 }),
  role: fc.constantFrom('user', 'assistant', 'tool', 'system', 'unknown'),
  authorName: fc.option(
    fc.constantFrom('web.run', 'browser', 'python', '|pipe|', 'canmore.update_textdoc', 'dalle.text2im'),
  ),
  recipient: fc.option(
    fc.constantFrom(
      'all',
      'web.run',
      'python',
      'browser',
      'canmore.create_textdoc',
      'canmore.update_textdoc',
      'research_kickoff_tool.start_research_task',
    ),
  ),
  contentType: fc.constantFrom('text', 'code', 'thoughts', 'reasoning_recap', 'multimodal_text'),
  text,
  assets: fc.array(arbitraryAsset, { maxLength: 2 }),
  createTimeMs: time,
  hidden: fc.boolean(),
  preamble: fc.boolean(),
  refId: nullableText,
  thinkingEffort: nullableText,
  metadata: fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
});

const flags = fc.record(
  Object.fromEntries(CONVERSATION_FLAG_KEYS.map((key) => [key, fc.option(fc.boolean())])) as Record<
    keyof ConversationFlags,
    fc.Arbitrary<boolean | null>
  >,
);

/** Whatever a parser accepts of arbitrary JSON, else nothing. */
function parsedOrNull<T>(result: { ok: true; value: T } | { ok: false }): T | null {
  return result.ok ? result.value : null;
}

export function arbitraryInspection(): fc.Arbitrary<Inspection> {
  return fc
    .record({
      messages: fc.array(arbitraryMessage, { maxLength: 12 }),
      title: nullableText,
      id: nullableText,
      modelSlug: nullableText,
      createTimeMs: time,
      updateTimeMs: time,
      flags,
      extraKeys: fc.array(text, { maxLength: 3 }),
      ads: fc.jsonValue({ maxDepth: 4 }),
      account: fc.jsonValue({ maxDepth: 2 }),
      products: fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 3 }),
      observation: fc.record({
        streamItems: fc.nat(3),
        sseAnswers: fc.nat(3),
        handoffs: fc.nat(1),
        resumed: fc.nat(1),
        htmlAnswers: fc.nat(1),
      }),
      compare: fc.boolean(),
    })
    .map((drawn) => {
      const messages: NormalizedMessage[] = drawn.messages.map((drawnMessage) => message(drawnMessage));
      const conversation = conversationOf(messages, {
        title: drawn.title,
        id: drawn.id,
        modelSlug: drawn.modelSlug,
        createTimeMs: drawn.createTimeMs,
        updateTimeMs: drawn.updateTimeMs,
        flags: drawn.flags,
        extraKeys: drawn.extraKeys,
      });
      const tree = conversationOf(messages.slice(1).reverse());
      return inspect({
        conversation,
        adsReport: parsedOrNull(parseAdsResponse(drawn.ads)),
        account: parsedOrNull(parseAdAccount(drawn.account)),
        products: drawn.products.flatMap((entity) => parsedOrNull(parseProductEntity(entity))?.product ?? []),
        transportObservation: drawn.observation,
        formats: drawn.compare ? compareFormats(conversation, tree) : null,
      });
    });
}
