import { compareFormats } from '@/features/details/format-comparison';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import { parseAdAccount } from '@/lib/model/ad-account';
import { parseAdsResponse } from '@/lib/model/ad-record';
import type { Conversation } from '@/lib/model/conversation';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import type { Product } from '@/lib/model/product-entity';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import type { Result } from '@/lib/model/result';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { adsResponse, meResponse } from '@/tests/replica/fixtures/ads';
import { getConversation, messagesResponse, treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { productCards, productUpdateSse } from '@/tests/replica/fixtures/products';

/**
 * The fixed, rich input of the export tests: a replica conversation read through the real normalizers
 * (both formats, merged and compared), its ads and the account through the real parsers, and the
 * product_update streams of the replica's product cards through the real SSE reader. The values are the
 * replica's, planted canaries included.
 */
export const EXPORTED_AT = new Date('2026-11-20T09:30:00.000Z');

export function parsedValue<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`fixture did not parse: ${result.error.message}`);
  return result.value;
}

export function bothFormats(name: FixtureName): { messages: Conversation; tree: Conversation } {
  const stored = getConversation(FIXTURE_IDS[name]);
  if (stored === undefined) throw new Error(`no fixture ${name}`);
  return {
    messages: parsedValue(normalizeMessagesFormat([messagesResponse(stored, { numTurns: 100 })])),
    tree: parsedValue(normalizeTreeFormat(treeResponse(stored))),
  };
}

export function replicaProducts(): Product[] {
  return productCards(FIXTURE_IDS.products).flatMap(
    (card) => parsedValue(parseProductUpdateBody(productUpdateSse(card))).products,
  );
}

/**
 * The web-search conversation with everything the lens can know about a conversation, and one thing it
 * could not read: an answer stream that ended before any message of its own.
 */
export function richInspection(): Inspection {
  const { messages, tree } = bothFormats('webSearch');
  return inspect({
    conversation: parsedValue(mergeConversationFormats({ messages, tree })),
    streamedTurns: [readStreamedTurn('data: [DONE]\n\n')],
    adsReport: parsedValue(parseAdsResponse(adsResponse(FIXTURE_IDS.webSearch, true))),
    account: parsedValue(parseAdAccount(meResponse())),
    products: replicaProducts(),
    transportObservation: { streamItems: 3, sseAnswers: 1, handoffs: 0, resumed: 0, htmlAnswers: 0 },
    formats: compareFormats(messages, tree),
    // As a data export's message_feedback.json would rate its answers (site-interface 10.8).
    ratings: [
      { messageId: 'answer-rated-up', rating: 'up', ratedAt: Date.UTC(2026, 2, 14, 9, 30) },
      { messageId: 'answer-rated-down', rating: 'down', ratedAt: null },
    ],
  });
}

/** The replica's liveSearch conversation (the live site's citation shapes), both formats read and merged. */
export function liveSearchInspection(): Inspection {
  const { messages, tree } = bothFormats('liveSearch');
  return inspect({ conversation: parsedValue(mergeConversationFormats({ messages, tree })) });
}
