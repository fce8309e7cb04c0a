import { type ParsedProduct, ProductRefreshKey } from '@/lib/model/product-entity';
import { createProductStreamReader, type ProductStreamOutcome } from '@/lib/model/product-update-stream';
import { fail, ok, type Result } from '@/lib/model/result';
import { statusError } from './http-error';
import { retryAfterMs } from './retry-after';

/** site-interface 4.4 */
export const PRODUCT_UPDATE_PATH = '/backend-api/search/product_update';

/**
 * The request body of site-interface 4.4; the lookup key may be passed as the ProductRefreshKey it was
 * kept in.
 */
export interface ProductUpdateRequest {
  product_query: unknown;
  product_lookup_key: unknown;
}

/**
 * How the call goes out: `BackendClient.send` (authenticated, through the shared rate governor, which sees
 * every response, 429s included). A bare Response is accepted too; a held request is the governor's
 * 'rate-limited' error.
 */
export type SendRequest = (path: string, init: RequestInit) => Promise<Response | Result<Response>>;

export interface ProductUpdateCall {
  send: SendRequest;
  request: ProductUpdateRequest;
  /** Epoch ms, to turn a Retry-After in seconds into a time. */
  now: () => number;
  onProduct?: (parsed: ParsedProduct) => void;
}

const WHAT = `POST ${PRODUCT_UPDATE_PATH}`;

function statusFailure(response: Response, now: number): Result<never> {
  if (response.status !== 429) return statusError(response.status, WHAT);
  // site-interface 4.4 and site-interface 7: a 429 stops the refresh run; Retry-After is passed on so it
  // can be respected.
  const wait = retryAfterMs(response.headers.get('Retry-After'), now);
  return fail('rate-limited', 'Product refresh was rate-limited (429).', {
    status: 429,
    ...(wait === null ? {} : { retryAt: now + wait }),
  });
}

/** A Response has `ok` too, but never `value` or `error`. */
function isResult(sent: Response | Result<Response>): sent is Result<Response> {
  return 'value' in sent || 'error' in sent;
}

function requestBody(request: ProductUpdateRequest): string {
  const lookupKey = request.product_lookup_key;
  return JSON.stringify({
    product_query: request.product_query,
    product_lookup_key: lookupKey instanceof ProductRefreshKey ? lookupKey.lookupKey() : lookupKey,
  });
}

/**
 * POSTs one product_update request and reads its event stream as it arrives (site-interface 4.4). A body
 * that breaks off keeps the products that arrived, with ending 'cut-off'. Never throws.
 */
export async function postProductUpdate(call: ProductUpdateCall): Promise<Result<ProductStreamOutcome>> {
  let sent: Response | Result<Response>;
  try {
    sent = await call.send(PRODUCT_UPDATE_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: requestBody(call.request),
    });
  } catch {
    return fail('network', 'The product refresh request did not complete.');
  }
  if (isResult(sent) && !sent.ok) return sent;
  const response = isResult(sent) ? sent.value : sent;
  if (!response.ok) return statusFailure(response, call.now());

  const reader = createProductStreamReader(call.onProduct ? { onProduct: call.onProduct } : {});
  let broken = false;
  if (response.body !== null) {
    const body = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await body.read();
        if (done) break;
        reader.feed(value);
      }
    } catch {
      broken = true;
    }
  }
  const result = reader.finish();
  if (!result.ok || !broken) return result;
  return ok(result.value, [...result.warnings, 'The connection broke while the product stream was read.']);
}
