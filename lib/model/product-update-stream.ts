import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { firstMember } from './ad-and-product-fields';
import { isRecord, type JsonRecord } from './json-read';
import { ProductCollection } from './product-collection';
import {
  type ParsedProduct,
  type Product,
  type ProductRefreshKey,
  parseProductEntity,
} from './product-entity';
import { ok, type Result } from './result';

/**
 * Reads the event-stream body of POST /backend-api/search/product_update (site-interface 4.4,
 * site-interface 6) as it arrives: frames of type product_entity become products, in the document's form and
 * in the live site's, other frames (heartbeats, deltas of other types, comments) pass by, a malformed frame
 * is skipped with a warning, and a body that stops before `[DONE]` keeps what arrived and says 'cut-off'.
 * Each frame's JSON is parsed once.
 */
export type ProductStreamEnding = 'complete' | 'cut-off';

export interface ProductStreamOutcome {
  /** One per product id, in order of first appearance; a later frame for the same id replaces the earlier. */
  products: Product[];
  /** Lookup keys by product id, for a later refresh; memory only (see ProductRefreshKey). */
  refreshKeys: Map<string, ProductRefreshKey>;
  ending: ProductStreamEnding;
}

export interface ProductStreamReader {
  /** Text or raw bytes, split anywhere (also inside a UTF-8 sequence). */
  feed(chunk: string | Uint8Array): void;
  /** The end of the input; the outcome so far. */
  finish(): Result<ProductStreamOutcome>;
}

export interface ProductStreamOptions {
  /** Called for every product frame as soon as it has arrived. */
  onProduct?: (parsed: ParsedProduct) => void;
}

const PRODUCT_FRAME = 'product_entity';
const END_OF_STREAM = '[DONE]';

/** The entity a frame carries and the envelope around it (null when it came bare). */
interface FrameProduct {
  entity: unknown;
  envelope: JsonRecord | null;
}

/**
 * The product of a frame, or undefined when the frame is of another kind. The document's form wraps it as
 * `entity`; the live site's as `product` (site-interface 10.3: `{"type":"product_entity","product":{…}}`).
 */
function frameProduct(message: EventSourceMessage, payload: unknown): FrameProduct | undefined {
  const namedByEvent = message.event === PRODUCT_FRAME;
  if (!isRecord(payload)) return namedByEvent ? { entity: payload, envelope: null } : undefined;
  if (payload.type === PRODUCT_FRAME) {
    return {
      entity: firstMember(payload, ['entity', 'product', PRODUCT_FRAME, 'data']) ?? null,
      envelope: payload,
    };
  }
  if (!namedByEvent) return undefined;
  // An `event: product_entity` frame may carry the entity bare or in an envelope.
  const wrapped = firstMember(payload, ['entity', 'product', PRODUCT_FRAME]);
  return isRecord(wrapped) ? { entity: wrapped, envelope: payload } : { entity: payload, envelope: null };
}

export function createProductStreamReader(options: ProductStreamOptions = {}): ProductStreamReader {
  const products = new ProductCollection();
  const refreshKeys = new Map<string, ProductRefreshKey>();
  const warnings: string[] = [];
  // Made on the first chunk of bytes: a body given as text (a captured response) needs none.
  let decoder: TextDecoder | null = null;
  let frameCount = 0;
  let ended = false;
  let finished = false;

  function keep(parsed: ParsedProduct): void {
    products.add(parsed.product);
    const id = parsed.product.id;
    if (id !== null && parsed.refreshKey !== null) refreshKeys.set(id, parsed.refreshKey);
    options.onProduct?.(parsed);
  }

  function onEvent(message: EventSourceMessage): void {
    if (ended) return;
    frameCount += 1;
    if (message.data === END_OF_STREAM) {
      ended = true;
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(message.data);
    } catch {
      // The frame's text may hold a token: the warning names the frame, never its content.
      warnings.push(`Frame ${frameCount} of the product stream is not JSON and was skipped.`);
      return;
    }
    const product = frameProduct(message, payload);
    if (product === undefined) return;
    const parsed = parseProductEntity(product.entity, product.envelope);
    if (!parsed.ok) {
      warnings.push(`Frame ${frameCount} of the product stream holds no product entity and was skipped.`);
      return;
    }
    warnings.push(...parsed.warnings);
    keep(parsed.value);
  }

  const parser = createParser({
    onEvent,
    onError: () => {
      warnings.push('A line of the product stream that is not an event-stream field was ignored.');
    },
  });

  return {
    feed(chunk) {
      if (finished) return;
      if (typeof chunk === 'string') {
        parser.feed(chunk);
        return;
      }
      decoder ??= new TextDecoder();
      parser.feed(decoder.decode(chunk, { stream: true }));
    },
    finish() {
      if (!finished) {
        finished = true;
        if (decoder !== null) parser.feed(decoder.decode());
        if (!ended) {
          warnings.push(
            `The product stream stopped before its end; ${products.size} product(s) that arrived were kept.`,
          );
        }
      }
      return ok({ products: products.list(), refreshKeys, ending: ended ? 'complete' : 'cut-off' }, [
        ...warnings,
      ]);
    },
  };
}

/** A whole body at once, such as a captured response (a capture cut short simply lacks `[DONE]`). */
export function parseProductUpdateBody(
  body: string,
  options: ProductStreamOptions = {},
): Result<ProductStreamOutcome> {
  const reader = createProductStreamReader(options);
  reader.feed(body);
  return reader.finish();
}
