import * as v from 'valibot';
import type { TurnPages } from '@/features/sources/page-record';
import type { KeptAccount, KeptConversation, KeptTurn } from '@/lib/library/kept-record';
import { finite, flag, itemOf, link, listOf, text, whole } from '@/lib/library/record-schema';
import type { AdListing } from './ads';

const AD_CARD = v.object({ title: text, url: link });

/**
 * An ad as the library keeps it, links clean: a conversation's, or one of the account's ad history
 * (library-record.ts reads the account's with KEPT_ADS too).
 */
const KEPT_AD = v.object({
  turnIndex: whole,
  advertiser: text,
  advertiserUrl: link,
  unitType: text,
  format: text,
  title: text,
  /** Where it leads, clean. */
  link,
  cards: listOf(itemOf(AD_CARD)),
  /** Served inside an answer stream. */
  streamed: flag,
  /** When it was shown, as a data export's ad history dates it (site-interface 10.8). */
  shownAt: finite,
});

/** The ads of a kept record, or of the account's: those that read. */
export const KEPT_ADS = listOf(itemOf(KEPT_AD));

export type LibraryAd = v.InferOutput<typeof KEPT_AD>;
export type LibraryAdCard = v.InferOutput<typeof AD_CARD>;

/** The ads' member of a kept conversation, and of the account's record (its ad history). */
export interface KeptAds {
  ads: LibraryAd[];
}

/** What the ads' code reads of a kept turn: paid next to organic compares the pages it cited. */
export type AdsTurn = KeptTurn & TurnPages;
/** What the ads' code reads of a kept conversation. */
export type AdsConversation = KeptConversation<AdsTurn> & KeptAds;
/** What the ads' code reads of the account's record: its ad history. */
export type AdsAccount = KeptAccount & KeptAds;

/** An ad of the inspection as the library keeps it: the members KEPT_AD declares, its cards' titles and links. */
export const keptAdOf = (ad: AdListing): LibraryAd => ({
  turnIndex: ad.turnIndex,
  advertiser: ad.advertiser,
  advertiserUrl: ad.advertiserUrl,
  unitType: ad.unitType,
  format: ad.format,
  title: ad.title,
  link: ad.link,
  cards: ad.cards.map((card) => ({ title: card.title, url: card.url })),
  streamed: ad.streamed,
  shownAt: ad.shownAt,
});
