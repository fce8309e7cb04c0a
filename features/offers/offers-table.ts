import {
  CONVERSATION_COLUMNS,
  CONVERSATION_CREATED,
  conversationCells,
} from '@/lib/library/conversation-columns';
import { libraryTable } from '@/lib/library/library-table';
import { listCell } from '@/lib/library/table-column';
import type { OffersConversation } from './offer-record';

/** One row per offer of the products a conversation showed, its price broken down as the service sent it. */
export const OFFERS_TABLE = libraryTable({
  name: 'offers',
  grain: 'one row per offer',
  columns: [
    ...CONVERSATION_COLUMNS,
    { name: 'product_id', type: 'string', meaning: "the product's id" },
    { name: 'product', type: 'string', meaning: "the product's title" },
    { name: 'brand', type: 'string', meaning: "the product's brand" },
    {
      name: 'merchant',
      type: 'string',
      meaning: 'the merchant, or the seller where the offer names one instead',
    },
    { name: 'currency', type: 'string', meaning: 'e.g. USD' },
    { name: 'base', type: 'number', meaning: 'the base price' },
    { name: 'shipping', type: 'number', meaning: 'the shipping cost' },
    { name: 'tax', type: 'number', meaning: 'the tax' },
    { name: 'total', type: 'number', meaning: 'the total price' },
    { name: 'price_text', type: 'string', meaning: 'the price as the service displays it, e.g. $129.99' },
    { name: 'best_price_tag', type: 'string', meaning: 'e.g. Best price' },
    { name: 'availability', type: 'string', meaning: 'as the service says it, e.g. in_stock' },
    { name: 'url', type: 'string', meaning: "the offer's link" },
    {
      name: 'seen_in',
      type: 'string',
      meaning:
        '`answer`: as the answer gave it, in its own references; `refresh`: as a product refresh returned it later',
    },
    CONVERSATION_CREATED,
    {
      name: 'models',
      type: 'string',
      meaning:
        'the models that answered its conversation, in order, joined with " | " (an offer names no answer of its own); null when none is known',
    },
  ],
  dataset: { version: 2, monthFrom: ['conversation_created'] },
  *rowsOf(conversation: OffersConversation) {
    const conversationPart = conversationCells(conversation);
    const models = listCell(conversation.models);
    for (const offer of conversation.offers) {
      yield {
        ...conversationPart,
        product_id: offer.productId,
        product: offer.product,
        brand: offer.brand,
        merchant: offer.merchant,
        currency: offer.currency,
        base: offer.base,
        shipping: offer.shipping,
        tax: offer.tax,
        total: offer.total,
        price_text: offer.priceText,
        best_price_tag: offer.bestPriceTag,
        availability: offer.availability,
        url: offer.url,
        seen_in: offer.seenIn,
        conversation_created: conversation.createdAt,
        models,
      };
    }
  },
});
