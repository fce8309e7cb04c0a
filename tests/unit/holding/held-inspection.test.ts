import { describe, expect, it } from 'vitest';
import { ConversationHolding } from '@/lens/holding/conversation-holding';
import type { AdAccount } from '@/lib/model/ad-account';
import { AD_TRACKING_CANARY, adsResponse } from '@/tests/replica/fixtures/ads';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { smallPages } from '@/tests/unit/fixtures/read-fixture';

/*
 * The inspection is kept while nothing changes (an export of an unchanged 10,000-message conversation
 * does not inspect it again); whatever arrives later must reach it.
 */
const messageIds = (holding: ConversationHolding, account: AdAccount | null = null) =>
  holding.inspection(account)?.conversation.messages.map((message) => message.id) ?? [];

describe('ConversationHolding.inspection, kept while the holding is unchanged', () => {
  it('answers the same inspection twice, then one with the older page once it arrives', () => {
    const holding = new ConversationHolding('c-small', { now: () => 1_000 });
    const [newest, older] = smallPages();
    holding.ingestMessagesPage(newest, null);
    const first = holding.inspection(null);
    expect(holding.inspection(null)).toBe(first);
    expect(messageIds(holding)).toHaveLength(2);
    holding.ingestMessagesPage(older, 'cur-m6');
    expect(holding.inspection(null)).not.toBe(first);
    expect(messageIds(holding)).toHaveLength(8);
  });

  it('takes ads that arrive after an inspection, still without their tracking values', () => {
    const holding = new ConversationHolding(FIXTURE_IDS.liveShopping, { now: () => 1_000 });
    holding.ingestMessagesPage({ conversation_id: FIXTURE_IDS.liveShopping, messages: [] }, null);
    expect(holding.inspection(null)?.ads).toBeNull();
    holding.captured.ingestAdsText(JSON.stringify(adsResponse(FIXTURE_IDS.liveShopping, true, 'live')));
    const inspection = holding.inspection(null);
    expect(inspection?.ads?.adCount).toBeGreaterThan(0);
    expect(JSON.stringify(inspection)).not.toContain(AD_TRACKING_CANARY);
  });

  it('follows the account it is asked for', () => {
    const holding = new ConversationHolding('c-small', { now: () => 1_000 });
    holding.ingestMessagesPage(smallPages()[0], null);
    expect(holding.inspection(null)?.account).toBeNull();
    const account: AdAccount = { segmentId: 'seg-1', country: 'DE' };
    expect(holding.inspection(account)?.account).toBe(account);
  });
});
