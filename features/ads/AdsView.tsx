import type { JSX } from 'react';
import { Badge } from '@/components/views/Badge';
import { ExternalLink } from '@/components/views/ExternalLink';
import { turnLabelOf, turnNameOf } from '@/components/views/TurnHeading';
import { withUniqueKeys } from '@/components/views/unique-keys';
import { EmptyState, ViewNote, ViewSection } from '@/components/views/ViewSection';
import type { ViewEntry } from '@/components/views/view-entry';
import type { ViewSnapshot } from '@/features/feature';
import type { AdListing, AdsOverview } from './ads';
import type { adsFeature } from './feature';
import './ads-view.css';

/** What the view reads of the snapshot. */
type Snapshot = ViewSnapshot<typeof adsFeature>;

const NO_ADS = 'No ads for this conversation.';

const trackingText = (names: readonly string[]): string => `Tracking removed: ${names.join(', ')}`;

/**
 * site-interface 4.3 and site-interface 4.6: whom the ads were aimed at, as the service and the account say.
 */
function Targeting({ ads }: { ads: AdsOverview }): JSX.Element | null {
  const facts: Array<[string, string]> = [];
  if (ads.accountSegmentId !== null) facts.push(['Account segment', ads.accountSegmentId]);
  if (ads.segmentId !== null && ads.segmentId !== ads.accountSegmentId)
    facts.push(['Ads segment', ads.segmentId]);
  if (ads.country !== null) facts.push(['Country', ads.country]);
  if (ads.requested !== null || ads.delivered !== null)
    facts.push(['Requested / delivered', `${ads.requested ?? '?'} / ${ads.delivered ?? '?'}`]);
  if (ads.optOut !== null) facts.push(['Opted out of ads', ads.optOut ? 'yes' : 'no']);
  // Of no ads at all, there is nothing to say of whom they were for.
  if (facts.length === 0 && !ads.shownAny) return null;
  if (facts.length === 0) return <ViewNote>The service said nothing of whom the ads were for.</ViewNote>;
  return (
    <dl className="ads-targeting">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One ad, every link already clean (the parser dropped the tracking parameters, architecture "Secrets").
 * Images are not shown: loading them would tell the ad's servers that the ad was looked at again.
 */
function AdItem({ ad, snapshot }: { ad: AdListing; snapshot: Snapshot }): JSX.Element {
  const cards = ad.cards.filter((card) => card.title !== null || card.url !== null);
  return (
    <li className="ad">
      <article aria-label={`Ad by ${ad.advertiser ?? 'an unnamed advertiser'}`}>
        <h3 className="ad__advertiser">{ad.advertiser ?? 'Unnamed advertiser'}</h3>
        <p className="ad__badges">
          {ad.streamed && (
            <Badge tone="accent" title="Served inside the answer's stream, as it was written">
              streamed
            </Badge>
          )}
          {ad.turnIndex !== null && (
            <Badge title={`Served with ${turnLabelOf(snapshot, ad.turnIndex)}`}>
              {turnNameOf(snapshot, ad.turnIndex)}
            </Badge>
          )}
          {ad.headerLabel !== null && <Badge>{ad.headerLabel}</Badge>}
          {ad.format !== null && <Badge title="Ad format">{ad.format}</Badge>}
          {ad.unitType !== null && ad.unitType !== ad.format && <Badge title="Ad unit">{ad.unitType}</Badge>}
        </p>
        {ad.link !== null && (
          <p className="ad__link">
            Leads to <ExternalLink href={ad.link}>{ad.link}</ExternalLink>
          </p>
        )}
        {cards.length > 0 && (
          <ul className="ad__cards" aria-label={`Cards of ${ad.advertiser ?? 'the ad'}`}>
            {withUniqueKeys(cards, (card) => `${card.title}|${card.url}`).map(([key, card]) => (
              <li key={key}>
                {card.url === null ? (
                  <span>{card.title}</span>
                ) : (
                  <ExternalLink href={card.url}>{card.title ?? card.url}</ExternalLink>
                )}
                {card.body !== null && <span className="ad__card-body">{card.body}</span>}
              </li>
            ))}
          </ul>
        )}
        {ad.removedTrackingParams.length > 0 && (
          <p className="ad__tracking">{trackingText(ad.removedTrackingParams)}</p>
        )}
      </article>
    </li>
  );
}

/**
 * The ads served into the conversation and whom they were aimed at (site-interface 4.3 and
 * site-interface 4.6).
 */
export function AdsView({ snapshot }: { snapshot: Snapshot }): JSX.Element {
  const { ads } = snapshot;
  return (
    <ViewSection id="ads" title="Ads">
      {ads === null ? (
        <>
          <EmptyState>{NO_ADS}</EmptyState>
          <ViewNote>
            No ads response was seen for it: the page asks for one when an answer may carry ads.
          </ViewNote>
        </>
      ) : (
        <>
          <Targeting ads={ads} />
          {!ads.shownAny ? (
            <>
              <EmptyState>{NO_ADS}</EmptyState>
              <ViewNote>The service answered that it has none.</ViewNote>
            </>
          ) : (
            <>
              <p className="ads-summary">
                {ads.adCount} {ads.adCount === 1 ? 'ad' : 'ads'} from{' '}
                {ads.advertisers.join(', ') || 'unnamed advertisers'}.{' '}
                {ads.removedTrackingParams.length > 0
                  ? `${trackingText(ads.removedTrackingParams)}.`
                  : 'No tracking parameters were found in the links.'}
              </p>
              <ol className="view__stack" aria-label="Ads">
                {withUniqueKeys(ads.ads, (ad) => `${ad.turnId}|${ad.advertiser}|${ad.link}`).map(
                  ([key, ad]) => (
                    <AdItem key={key} ad={ad} snapshot={snapshot} />
                  ),
                )}
              </ol>
            </>
          )}
        </>
      )}
    </ViewSection>
  );
}

export const adsView = {
  id: 'ads',
  label: 'Ads',
  View: AdsView,
  count: (snapshot) => snapshot.ads?.adCount,
} as const satisfies ViewEntry;
