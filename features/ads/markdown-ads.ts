import { autolink, codeSpan, inlineText, link } from '@/lib/export/markdown-text';
import { QUESTION_PREVIEW_LENGTH, turnLabels, turnLabelText } from '@/lib/export/turn-labels';
import type { Conversation } from '@/lib/model/conversation';
import { countOf } from '@/lib/model/count-text';
import type { AdListing, AdsOverview } from './ads';

/**
 * `## Ads`: what the ads response (site-interface 4.3) served into the conversation and whom it targeted
 * (site-interface 4.6). Every link was cleaned of its tracking parameters when it was parsed; the section
 * names the parameters that were removed, never their values.
 */

function yesNo(value: boolean | null): string {
  if (value === null) return 'not stated';
  return value ? 'yes' : 'no';
}

function counts(ads: AdsOverview): string {
  const parts = [
    ads.requested === null ? null : `${ads.requested} requested`,
    ads.delivered === null ? null : `${ads.delivered} delivered`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

function targeting(ads: AdsOverview): string {
  const lines = [
    ads.segmentId === null ? null : `- Ads segment: ${codeSpan(ads.segmentId)}`,
    ads.accountSegmentId === null || ads.accountSegmentId === ads.segmentId
      ? null
      : `- Account's ads segment: ${codeSpan(ads.accountSegmentId)}`,
    ads.country === null ? null : `- Country: ${inlineText(ads.country)}`,
    `- Opted out: ${yesNo(ads.optOut)}`,
    ads.removedTrackingParams.length === 0
      ? null
      : `- Tracking parameters removed from the links: ${ads.removedTrackingParams.map(codeSpan).join(', ')}`,
  ];
  return lines.filter((line) => line !== null).join('\n');
}

function adItem(ad: AdListing, position: number, turnNames: ReadonlyMap<number, string>): string {
  const name = `**${inlineText(ad.advertiser ?? 'Unknown advertiser')}**`;
  const advertiser = ad.advertiserUrl === null ? name : `${name} (${autolink(ad.advertiserUrl)})`;
  const lines = [`${position}. ${ad.title === null ? advertiser : `${advertiser}: ${inlineText(ad.title)}`}`];
  const body = ad.cards[0]?.body ?? null;
  // A live carousel card has a text under its title (site-interface 10.4).
  if (body !== null) lines.push(`   - Text: ${inlineText(body)}`);
  if (ad.link !== null) lines.push(`   - Link: ${autolink(ad.link)}`);
  const kind = [
    ad.format === null ? null : `format ${codeSpan(ad.format)}`,
    ad.unitType === null ? null : `unit ${codeSpan(ad.unitType)}`,
    countOf(ad.cardCount, 'card'),
  ].filter((part) => part !== null);
  lines.push(`   - ${kind.join(', ')}`);
  if (ad.headerLabel !== null) lines.push(`   - Label: ${inlineText(ad.headerLabel)}`);
  if (ad.streamed) {
    const turn = ad.turnIndex === null ? undefined : turnNames.get(ad.turnIndex);
    lines.push(`   - Streamed with the answer${turn === undefined ? '' : ` of ${turn}`}`);
  }
  // The first card is the ad's own title and link above; further cards are listed under it.
  for (const card of ad.cards.slice(1)) {
    const text = card.body === null ? '' : `: ${inlineText(card.body)}`;
    lines.push(`   - Card: ${link(card.title ?? 'Untitled card', card.url)}${text}`);
  }
  if (ad.targetHosts.length > 0) lines.push(`   - Leads to: ${ad.targetHosts.map(inlineText).join(', ')}`);
  return lines.join('\n');
}

export function markdownAds(inspection: { ads: AdsOverview | null; conversation: Conversation }): string {
  const { ads } = inspection;
  if (ads === null) return '## Ads\n\nNo ads response was captured for this conversation.';
  if (!ads.shownAny) return `## Ads\n\nNo ads were shown${counts(ads)}.\n\n${targeting(ads)}`;
  const summary = `${countOf(ads.adCount, 'ad')} from ${countOf(ads.advertisers.length, 'advertiser')}${counts(ads)}.`;
  const turns = new Set(ads.ads.flatMap((ad) => (ad.turnIndex === null ? [] : [ad.turnIndex])));
  const labels = turnLabels(inspection.conversation, turns, QUESTION_PREVIEW_LENGTH);
  // The question is the user's text: made inert, as everywhere the export quotes it.
  const turnNames = new Map([...labels].map(([index, label]) => [index, turnLabelText(label, inlineText)]));
  return [
    '## Ads',
    summary,
    targeting(ads),
    ads.ads.map((ad, index) => adItem(ad, index + 1, turnNames)).join('\n'),
  ].join('\n\n');
}
