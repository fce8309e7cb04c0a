/**
 * An amount as a shopper reads it ("$328.00"): in the currency the offer names when it is an ISO 4217 code;
 * else with the symbol the service's own price text leads with (the live form sends "$355.06" and no code,
 * and a "$" names no one currency, so it is repeated as written, not read as dollars of some country);
 * else the bare number with whatever the service called its currency.
 */
export function moneyText(
  amount: number | null,
  currency: string | null,
  options: { shownPrice?: string | null; locale?: string } = {},
): string | null {
  if (amount === null) return null;
  if (currency !== null && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(options.locale, { style: 'currency', currency }).format(amount);
    } catch {
      // An unknown code: fall through to the plain number.
    }
  }
  const number = new Intl.NumberFormat(options.locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
  const symbol = /^([^\d\s.,+-]{1,3})\s?\d/.exec(options.shownPrice ?? '')?.[1];
  if (currency === null && symbol !== undefined) return `${symbol}${number}`;
  return currency === null ? number : `${number} ${currency}`;
}

/** `in_stock` as "In stock": the words the service's codes stand for. */
export function availabilityText(availability: string): string {
  const words = availability.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
