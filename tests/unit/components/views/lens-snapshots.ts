import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ConversationHolding } from '@/lens/holding/conversation-holding';
import type { LensSnapshot } from '@/lens/runtime/contract/lens-snapshot';
import { buildLensSnapshot } from '@/lens/runtime/worker/build-lens-snapshot';
import { adsResponse } from '@/tests/replica/fixtures/ads';
import { messagesPagesWithCursors, storedConversation } from '@/tests/replica/fixtures/fixture-helpers';
import { treeResponse } from '@/tests/replica/fixtures/formats';
import { FIXTURE_IDS, type FixtureName } from '@/tests/replica/fixtures/ids';
import { productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import type { WireForm } from '@/tests/replica/fixtures/wire-form';

const NOW = Date.parse('2026-11-20T09:30:00.000Z');
const GOVERNOR_IDLE = { blockedUntil: null, strikes: 0 };

export interface SnapshotOptions {
  /**
   * Ads of the conversation as the service sends them; 'none': its ads endpoint answered 404 (or 403);
   * null: no ads response seen.
   */
  ads?: { shown: boolean; wire: WireForm } | 'none' | null;
  /** The replica conversation whose product cards were refreshed. */
  productsOf?: FixtureName | null;
  withTree?: boolean;
}

/**
 * What the worker would write for a replica conversation: every page of the messages format, the tree, the
 * ads and the product refreshes read through the same holding and snapshot builder as the runtime.
 */
export function snapshotOf(name: FixtureName, options: SnapshotOptions = {}): LensSnapshot {
  const id = FIXTURE_IDS[name];
  const stored = storedConversation(id);
  const holding = new ConversationHolding(id, { now: () => NOW });
  for (const { response, before } of messagesPagesWithCursors(stored, 100)) {
    const ingested = holding.ingestMessagesPage(response, before);
    if (!ingested.ok) throw new Error(ingested.error.message);
  }
  if (options.withTree ?? true) holding.captured.ingestTreeText(JSON.stringify(treeResponse(stored)));
  if (options.ads === 'none') holding.captured.noteNoAds();
  else if (options.ads) holding.captured.ingestAds(adsResponse(id, options.ads.shown, options.ads.wire));
  const productsOf = options.productsOf === undefined ? null : options.productsOf;
  if (productsOf !== null) {
    for (const card of productCards(FIXTURE_IDS[productsOf]))
      holding.captured.ingestProductUpdate(productUpdateSse(card), JSON.stringify(card));
  }
  holding.noteStream({ counts: { streamItems: 2 } });
  return buildLensSnapshot({
    holding,
    account: { segmentId: 'seg_personal_us', country: 'US' },
    governor: GOVERNOR_IDLE,
    now: NOW,
  });
}

/** The view's HTML as the browser would first draw it. */
export function renderView<Props extends object>(view: FunctionComponent<Props>, props: Props): string {
  return renderToStaticMarkup(createElement(view, props));
}

/** The text a user reads in the HTML, tags dropped and entities decoded enough for assertions. */
export function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}
