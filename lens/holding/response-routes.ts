import { TURNS_PER_PAGE } from '@/lib/api/conversation-pages';
import { CHAT_ORIGIN } from '@/lib/capture/endpoint';
import type { CapturedResponseEvent, CopiedEndpointKind } from '@/lib/capture/page-event';
import type { AccountHolding } from './account-holding';
import type { ConversationHolding } from './conversation-holding';

/** Where a captured response of one endpoint goes, and whether what is held changed. */
export type ResponseRoute =
  /** The account's (site-interface 4.6): one for every tab. */
  | { scope: 'account'; ingest(event: CapturedResponseEvent, account: AccountHolding): void }
  /** A conversation's: answers whether what the holding holds changed. */
  | { scope: 'conversation'; ingest(event: CapturedResponseEvent, holding: ConversationHolding): boolean };

/**
 * The `before` cursor a messages page was asked with (site-interface 4.1); null for the newest page. The
 * page may fetch by a path alone: it is read against the site.
 */
function beforeCursorOf(url: string): string | null {
  try {
    return new URL(url, CHAT_ORIGIN).searchParams.get('before');
  } catch {
    return null;
  }
}

/**
 * Whether a messages page tells that the page reads older turns on their own path (site-interface 10.13):
 * it came on that path, or it is a newest page read in the small pages of the same scheme, fewer turns than
 * the document's num_turns. On the live site the page reads older turns only when the user scrolls back,
 * so the newest page is most often all that says which path the page would use.
 */
function tellsOlderTurnsApart(url: string): boolean {
  try {
    const { pathname, searchParams } = new URL(url, CHAT_ORIGIN);
    const turns = Number(searchParams.get('num_turns') || Number.NaN);
    return pathname.endsWith('/messages') || turns < TURNS_PER_PAGE;
  } catch {
    return false;
  }
}

/**
 * Every endpoint whose responses the page hook copies, routed (architecture "Registries"): a new kind of
 * endpoint does not compile until it has a route.
 */
export const RESPONSE_ROUTES: { readonly [Kind in CopiedEndpointKind]: ResponseRoute } = {
  'conversation-messages': {
    scope: 'conversation',
    ingest: (event, holding) => {
      if (tellsOlderTurnsApart(event.url)) holding.notePageReadsOlderTurnsApart();
      holding.ingestMessagesPageText(event.body, beforeCursorOf(event.url));
      return true;
    },
  },
  // The page's batch read (site-interface 10.13): the trees of up to ten conversations, this one's among them.
  'conversations-batch': {
    scope: 'conversation',
    ingest: (event, holding) =>
      holding.captured.ingestBatchText(event.body, holding.conversationId) === 'changed',
  },
  // The page polls its tree: the same body again is no change.
  'conversation-tree': {
    scope: 'conversation',
    ingest: (event, holding) => holding.captured.ingestTreeText(event.body) === 'changed',
  },
  ads: {
    scope: 'conversation',
    ingest: (event, holding) => {
      holding.captured.ingestAdsText(event.body);
      return true;
    },
  },
  'product-update': {
    scope: 'conversation',
    ingest: (event, holding) => {
      holding.captured.ingestProductUpdate(event.body, event.requestBody);
      return true;
    },
  },
  // Polled while an answer streams (site-interface 4.5); its body says nothing the lens shows.
  'stream-status': { scope: 'conversation', ingest: () => false },
  me: { scope: 'account', ingest: (event, account) => void account.ingestText(event.body) },
};
