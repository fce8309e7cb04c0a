import {
  CONVERSATION_COLUMNS,
  CONVERSATION_CREATED,
  conversationCells,
  NO_CONVERSATION_CELLS,
} from '@/lib/library/conversation-columns';
import { libraryTable } from '@/lib/library/library-table';
import { listCell } from '@/lib/library/table-column';
import type { AdsAccount, AdsConversation, AdsTurn, LibraryAd } from './ad-record';
import { NO_ANSWER, type PaidOrganic, paidOrganicOf } from './paid-organic';

const [, CONVERSATION_TITLE, CONVERSATION_URL] = CONVERSATION_COLUMNS;

/** The turn of the conversation an ad was served with, by its `turnIndex`; undefined when it names none kept. */
export function adTurns(conversation: AdsConversation): (turnIndex: number | null) => AdsTurn | undefined {
  const turns = new Map<number, AdsTurn>(conversation.turns.map((turn) => [turn.index, turn]));
  return (turnIndex) => (turnIndex === null ? undefined : turns.get(turnIndex));
}

/** The cells of an ad, whichever conversation, or none, it was shown in, and its answer's. */
function adCells(ad: LibraryAd, organic: PaidOrganic) {
  const titles = ad.cards.flatMap((card) => (card.title === null ? [] : [card.title]));
  return {
    turn_index: ad.turnIndex,
    advertiser: ad.advertiser,
    advertiser_url: ad.advertiserUrl,
    unit_type: ad.unitType,
    format: ad.format,
    title: ad.title,
    link: ad.link,
    card_count: ad.cards.length,
    card_titles: listCell(titles),
    streamed: ad.streamed,
    shown_at: ad.shownAt,
    advertiser_cited: organic.cited,
    advertiser_named: organic.named,
  };
}

/**
 * One row per ad served into a conversation, then one per ad of the account's ad history that names no
 * conversation (a data export's, site-interface 10.8), its links without tracking values (architecture
 * "Secrets").
 */
export const ADS_TABLE = libraryTable({
  name: 'ads',
  grain: 'one row per ad',
  columns: [
    {
      name: 'conversation_id',
      type: 'string',
      meaning:
        "the conversation id; null, with its title and url, for an ad of the account's ad history that names no conversation",
    },
    CONVERSATION_TITLE,
    CONVERSATION_URL,
    {
      name: 'turn_index',
      type: 'integer',
      meaning: 'the turn it was served with, as in the joined table; null when unknown',
    },
    { name: 'advertiser', type: 'string', meaning: "the advertiser's name" },
    { name: 'advertiser_url', type: 'string', meaning: "the advertiser's site" },
    { name: 'unit_type', type: 'string', meaning: 'the ad unit type the service names' },
    { name: 'format', type: 'string', meaning: 'e.g. image_card_v2, product_card_v2' },
    { name: 'title', type: 'string', meaning: "the first card's title" },
    { name: 'link', type: 'string', meaning: 'where it leads, without tracking parameters' },
    { name: 'card_count', type: 'integer', meaning: 'how many cards it has' },
    {
      name: 'card_titles',
      type: 'string',
      meaning: 'the titles of its cards, in order, joined with " | "; null when no card has one',
    },
    { name: 'streamed', type: 'boolean', meaning: 'it came inside an answer stream' },
    {
      name: 'shown_at',
      type: 'timestamp',
      meaning: "when it was shown, as a data export's ad history dates it; null otherwise",
    },
    {
      name: 'advertiser_cited',
      type: 'boolean',
      meaning:
        "the answer it was served with cites a page on the advertiser's domain (of advertiser_url, else of link; a subdomain counts); null when its turn is unknown, for an ad of the account's ad history, or when it names no site",
    },
    {
      name: 'advertiser_named',
      type: 'boolean',
      meaning:
        "that answer's text names the advertiser, whole words in any case; null as advertiser_cited, when the answer's text was not kept, or when it names no advertiser",
    },
    CONVERSATION_CREATED,
    {
      name: 'model',
      type: 'string',
      meaning:
        "the model of the answer it was served with, as in the joined table; null when its turn is unknown or names none, and for an ad of the account's ad history",
    },
  ],
  dataset: { version: 3, monthFrom: ['shown_at', 'conversation_created'] },
  *rowsOf(conversation: AdsConversation) {
    const conversationPart = conversationCells(conversation);
    const turnOf = adTurns(conversation);
    const created = conversation.createdAt;
    for (const ad of conversation.ads) {
      const turn = turnOf(ad.turnIndex);
      yield {
        ...conversationPart,
        ...adCells(ad, paidOrganicOf(ad, turn)),
        conversation_created: created,
        model: turn?.model ?? null,
      };
    }
  },
  *accountRowsOf(account: AdsAccount) {
    for (const ad of account.ads)
      yield { ...NO_CONVERSATION_CELLS, ...adCells(ad, NO_ANSWER), conversation_created: null, model: null };
  },
});
