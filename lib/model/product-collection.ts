import type { Product } from './product-entity';

/**
 * Products by id in order of first appearance. A product_update stream may send the same product again as its
 * offers fill in (site-interface 4.4), and a refresh run may meet a product twice: the later entity replaces
 * the earlier in place. A product without an id cannot be matched and is always added.
 */
export class ProductCollection {
  readonly #products: Product[] = [];
  readonly #positionById = new Map<string, number>();

  add(product: Product): void {
    const position = product.id === null ? undefined : this.#positionById.get(product.id);
    if (position !== undefined) {
      this.#products[position] = product;
      return;
    }
    if (product.id !== null) this.#positionById.set(product.id, this.#products.length);
    this.#products.push(product);
  }

  get size(): number {
    return this.#products.length;
  }

  list(): Product[] {
    return [...this.#products];
  }
}
