import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import type { TabLens } from '@/lens/runtime/contract/tab-lens';
import { conversationIdFromPageUrl, isChatSiteUrl } from '@/lib/capture/endpoint';
import type { LensError } from '@/lib/model/result';
import type { SiteRefusal } from '@/lib/model/site-refusal';

/** What stands above the views while data is shown: the data stays, the banner says why it may be old. */
export type LensBanner =
  | { kind: 'refused'; refusal: SiteRefusal }
  | { kind: 'signed-out' }
  | { kind: 'rate-limited'; until: number }
  | { kind: 'error'; error: LensError };

/** Which face the popup and side panel show for a tab: every state has a clear face. */
export type LensFace =
  | { kind: 'access-off' }
  | { kind: 'reload-needed' }
  | { kind: 'not-on-site' }
  | { kind: 'no-conversation' }
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'rate-limited'; until: number }
  | { kind: 'error'; error: LensError }
  | { kind: 'refused'; refusal: SiteRefusal }
  | { kind: 'views'; snapshot: LensSnapshot; banners: LensBanner[] };

/** What the shell knows of the tab without the lens: its URL, absent for pages of other sites. */
export interface TabFacts {
  url: string | null;
}

/** The banners a snapshot with data earns; the first error only, the others are in Details. */
function bannersOf(snapshot: LensSnapshot, refusal: SiteRefusal | null): LensBanner[] {
  const banners: LensBanner[] = refusal === null ? [] : [{ kind: 'refused', refusal }];
  if (snapshot.load.status === 'signed-out') banners.push({ kind: 'signed-out' });
  if (snapshot.rateLimitedUntil !== null)
    banners.push({ kind: 'rate-limited', until: snapshot.rateLimitedUntil });
  const error = snapshot.errors.find((found) => found.code !== 'signed-out' && found.code !== 'rate-limited');
  if (error !== undefined) banners.push({ kind: 'error', error });
  return banners;
}

/**
 * The face for a tab and its stored lens. The lens is written by the worker once the relay of a
 * chatgpt.com page reported; before that the tab's URL alone tells "another site" (the extension may
 * read URLs of chatgpt.com tabs only, so a tab without a readable URL is another site).
 */
export function lensFace(tab: TabFacts, lens: TabLens | null): LensFace {
  const onSite = lens?.onChatSite ?? (tab.url !== null && isChatSiteUrl(tab.url));
  if (!onSite) return { kind: 'not-on-site' };
  const conversationId =
    lens !== null ? lens.conversationId : tab.url === null ? null : conversationIdFromPageUrl(tab.url);
  // A refused prompt is what the site said, never "no conversation" or "no answer yet".
  const refusal = lens?.refusal ?? null;
  const snapshot = lens?.snapshot ?? null;
  if (snapshot !== null && snapshot.summary !== null)
    return { kind: 'views', snapshot, banners: bannersOf(snapshot, refusal) };
  if (refusal !== null) return { kind: 'refused', refusal };
  if (conversationId === null) return { kind: 'no-conversation' };
  // Nothing of the conversation is held yet: the load's outcome replaces the views.
  if (snapshot?.load.status === 'signed-out') return { kind: 'signed-out' };
  if (snapshot?.rateLimitedUntil != null) return { kind: 'rate-limited', until: snapshot.rateLimitedUntil };
  if (snapshot?.load.status === 'failed' && snapshot.load.error !== null)
    return { kind: 'error', error: snapshot.load.error };
  return { kind: 'loading' };
}
