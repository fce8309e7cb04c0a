import { describe, expect, it } from 'vitest';
import { ProductCollection } from '@/lib/model/product-collection';
import type { Product } from '@/lib/model/product-entity';

function product(id: string | null, title: string): Product {
  return {
    id,
    title,
    brand: null,
    url: null,
    imageUrls: [],
    rating: null,
    reviewCount: null,
    offers: [],
    flags: {
      hasLookupKeyData: false,
      hasIdToTokenMap: false,
      hasCheckoutPayload: false,
      hasCheckoutImageUrls: false,
    },
  };
}

describe('ProductCollection', () => {
  it('keeps products in order of first appearance, a later one replacing the same id in place', () => {
    const products = new ProductCollection();
    products.add(product('a', 'A, first'));
    products.add(product('b', 'B'));
    products.add(product('a', 'A, later'));
    expect(products.list().map((p) => p.title)).toEqual(['A, later', 'B']);
    expect(products.size).toBe(2);
  });

  it('adds every product without an id, since it cannot be matched', () => {
    const products = new ProductCollection();
    products.add(product(null, 'one'));
    products.add(product(null, 'two'));
    expect(products.list().map((p) => p.title)).toEqual(['one', 'two']);
  });

  it('hands out a copy, so a caller cannot change the collection', () => {
    const products = new ProductCollection();
    products.add(product('a', 'A'));
    products.list().pop();
    expect(products.size).toBe(1);
  });
});
