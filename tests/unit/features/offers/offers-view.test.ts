import { describe, expect, it } from 'vitest';
import { availabilityText, moneyText } from '@/features/offers/money-text';
import { OffersView } from '@/features/offers/OffersView';
import { PRODUCT_TOKEN_CANARY } from '@/tests/replica/fixtures/products';
import { renderView, snapshotOf, visibleText } from '@/tests/unit/components/views/lens-snapshots';

const noRefresh = () => {};

describe('OffersView', () => {
  for (const name of ['products', 'liveShopping'] as const) {
    it(`shows the offers of ${name} by product, token-bearing members only as present`, () => {
      const snapshot = snapshotOf(name, { productsOf: name });
      const html = renderView(OffersView, { snapshot, onRefreshOffers: noRefresh });
      const text = visibleText(html);
      expect(snapshot.offers.length).toBeGreaterThan(0);
      const first = snapshot.offers[0];
      expect(text).toContain(first?.productTitle);
      expect(text).toContain(first?.merchant);
      expect(text).toContain('Lookup key present');
      expect(html).toMatch(
        /Lookup key <span class="token-members__present"><svg class="lock-icon"[^>]*aria-hidden="true"/,
      );
      expect(text).toContain('Refresh offers');
      expect(text).toMatch(/\$\d+(\.\d\d)? was \$\d+\.\d\d/);
      expect(text).toContain('Best price');
      expect(html).not.toContain(PRODUCT_TOKEN_CANARY);
    });
  }

  it('shows the document form’s price breakdown and checkout', () => {
    const text = visibleText(
      renderView(OffersView, {
        snapshot: snapshotOf('products', { productsOf: 'products' }),
        onRefreshOffers: noRefresh,
      }),
    );
    expect(text).toMatch(/Base \$[\d.]+ Shipping (Free|\$[\d.]+) Tax \$[\d.]+ Total \$[\d.]+/);
    expect(text).toContain('Checkout in chat');
    expect(text).toContain('In stock');
  });

  it('shows a refresh under way, its failures and the wait a 429 imposed', () => {
    const snapshot = {
      ...snapshotOf('liveShopping', { productsOf: 'liveShopping' }),
      offersRefresh: {
        running: true,
        done: 2,
        total: 5,
        failures: 1,
        rateLimitedUntil: Date.parse('2026-11-20T09:35:00Z'),
        error: null,
      },
    };
    const html = renderView(OffersView, { snapshot, onRefreshOffers: noRefresh });
    const text = visibleText(html);
    expect(text).toContain('Refreshing offers: 2 of 5, 1 failed.');
    expect(text).toMatch(/Rate limited until \d\d:\d\d:\d\d/);
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).toContain('<progress value="2" max="5"');
  });

  it('shows the offers as the answer gave them before any refresh, and marks which is which', () => {
    const answered = visibleText(
      renderView(OffersView, {
        snapshot: snapshotOf('products', { productsOf: null }),
        onRefreshOffers: noRefresh,
      }),
    );
    expect(answered).toContain('As answered');
    expect(answered).not.toContain('Refreshed');
    const both = visibleText(
      renderView(OffersView, {
        snapshot: snapshotOf('products', { productsOf: 'products' }),
        onRefreshOffers: noRefresh,
      }),
    );
    expect(both).toContain('As answered');
    expect(both).toContain('Refreshed');
    // A product both answered and refreshed is one group holding both.
    expect(both.split('Bose QuietComfort Ultra Headphones').length - 1).toBe(1);
  });

  it('says when the conversation has no product offers', () => {
    expect(
      visibleText(
        renderView(OffersView, {
          snapshot: snapshotOf('plain', { productsOf: null }),
          onRefreshOffers: noRefresh,
        }),
      ),
    ).toContain('No product offers in this conversation.');
  });
});

describe('moneyText', () => {
  it('writes an amount in its currency, or plainly when the code is not one', () => {
    const locale = 'en-US';
    expect(moneyText(328, 'USD', { locale })).toBe('$328.00');
    expect(moneyText(27.06, 'EUR', { locale })).toBe('€27.06');
    expect(moneyText(5, 'points', { locale })).toBe('5.00 points');
    expect(moneyText(5, null, { locale })).toBe('5.00');
    expect(moneyText(null, 'USD', { locale })).toBeNull();
  });

  it('repeats the symbol of the price the service displayed when it names no currency code', () => {
    expect(moneyText(328, null, { locale: 'en-US', shownPrice: '$355.06' })).toBe('$328.00');
    expect(moneyText(27.5, null, { locale: 'en-US', shownPrice: '£ 30.00' })).toBe('£27.50');
    expect(moneyText(27.5, null, { locale: 'en-US', shownPrice: '30,00 €' })).toBe('27.50');
  });
});

describe('availabilityText', () => {
  it('reads the service codes as words', () => {
    expect(availabilityText('in_stock')).toBe('In stock');
    expect(availabilityText('OUT_OF_STOCK')).toBe('Out of stock');
  });
});
