import type { JSX } from 'react';
import { Badge } from '@/components/views/Badge';
import { ExternalLink } from '@/components/views/ExternalLink';
import { availabilityText, moneyText } from './money-text';
import type { OfferRow } from './offers';

/**
 * One offer of a product: merchant, price breakdown, strike price, stock and delivery, tags
 * (site-interface 2.5).
 */
export function OfferItem({ offer }: { offer: OfferRow }): JSX.Element {
  const money = (amount: number | null) => moneyText(amount, offer.currency, { shownPrice: offer.priceText });
  const price = offer.priceText ?? money(offer.total);
  const breakdown: Array<[string, string]> = [];
  const base = money(offer.base);
  if (base !== null) breakdown.push(['Base', base]);
  if (offer.shipping !== null)
    breakdown.push(['Shipping', offer.shipping === 0 ? 'Free' : (money(offer.shipping) ?? '')]);
  const tax = money(offer.tax);
  if (tax !== null) breakdown.push(['Tax', tax]);
  const total = money(offer.total);
  if (total !== null && breakdown.length > 0) breakdown.push(['Total', total]);
  const strike = money(offer.strikePrice);
  return (
    <li className="offer">
      <div className="offer__head">
        <h4 className="offer__merchant">{offer.merchant ?? 'Unnamed merchant'}</h4>
        <span className="offer__price">
          {price ?? 'No price given'}
          {strike !== null && (
            <span className="offer__strike">
              {' '}
              was <s>{strike}</s>
            </span>
          )}
        </span>
      </div>
      <p className="offer__tags">
        {/* The price then, as the answer gave it; a refresh's is the price of its own moment. */}
        <Badge tone="neutral" title="Where the offer was seen">
          {offer.seenIn === 'answer' ? 'As answered' : 'Refreshed'}
        </Badge>
        {offer.bestPriceTag !== null && (
          <Badge tone="cited">
            <span aria-hidden="true">★</span> {offer.bestPriceTag}
          </Badge>
        )}
        {offer.availability !== null && (
          <Badge tone={offer.availability === 'out_of_stock' ? 'warning' : 'neutral'}>
            {availabilityText(offer.availability)}
          </Badge>
        )}
        {offer.checkoutable !== null && (
          <Badge tone={offer.checkoutable ? 'accent' : 'neutral'}>
            {offer.checkoutable ? 'Checkout in chat' : 'No checkout in chat'}
          </Badge>
        )}
      </p>
      {breakdown.length > 0 && (
        <dl
          className="offer__breakdown"
          aria-label={`Price breakdown at ${offer.merchant ?? 'this merchant'}`}
        >
          {breakdown.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {offer.stockOrDelivery !== null && <p className="offer__delivery">{offer.stockOrDelivery}</p>}
      {offer.url !== null && (
        <p className="offer__link">
          <ExternalLink href={offer.url}>View at {offer.merchant ?? 'the merchant'}</ExternalLink>
        </p>
      )}
    </li>
  );
}
