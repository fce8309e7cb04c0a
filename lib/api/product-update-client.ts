import { type ParsedProduct, ProductRefreshKey } from '@/lib/model/product-entity';
import { createProductStreamReader, type ProductStreamOutcome } from '@/lib/model/product-update-stream';
import { fail, type LensError, type LensErrorCode, ok, type Result } from '@/lib/model/result';

/** interface 4.4 */
export const PRODUCT_UPDATE_PATH = '/backend-api/search/product_update';

/** The request body of interface 4.4; the lookup key may be passed as the ProductRefreshKey it was kept in. */
export interface ProductUpdateRequest {
  product_query: unknown;
  product_lookup_key: unknown;
}

/** The shared rate governor with the authenticated client behind it; it sees every response, 429s included. */
export type SendRequest = (path: string, init: RequestInit) => Promise<Response>;

export interface ProductUpdateCall {
  send: SendRequest;
  request: ProductUpdateRequest;
  /** Epoch ms, to turn a Retry-After in seconds into a time. */
  now: () => number;
  onProduct?: (parsed: ParsedProduct) => void;
}

/** Retry-After as seconds or an HTTP date (interface 7), as epoch ms; undefined when absent or unreadable. */
function retryAtFrom(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return now + Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : date;
}

function statusError(response: Response, now: number): Result<never> {
  const status = response.status;
  if (status === 429) {
    // interface 4.4, 7: a 429 stops the refresh run; Retry-After is passed on so it can be respected.
    const retryAt = retryAtFrom(response.headers.get('Retry-After'), now);
    return fail('rate-limited', 'Product refresh was rate-limited (429).', {
      status,
      ...(retryAt === undefined ? {} : { retryAt }),
    });
  }
  const code: LensErrorCode =
    status === 401 ? 'signed-out' : status === 404 ? 'not-found' : status >= 500 ? 'server' : 'http';
  return fail(code, `Product refresh answered HTTP ${status}.`, { status });
}

/** A LensError thrown by the layer behind `send` (for example the governor while it waits) is kept as is. */
function thrownError(error: unknown): LensError {
  if (typeof error === 'object' && error !== null && 'code' in error && 'message' in error) {
    const { code, message } = error as { code: unknown; message: unknown };
    if (typeof code === 'string' && typeof message === 'string') return error as LensError;
  }
  return { code: 'network', message: 'The product refresh request did not complete.' };
}

function requestBody(request: ProductUpdateRequest): string {
  const lookupKey = request.product_lookup_key;
  return JSON.stringify({
    product_query: request.product_query,
    product_lookup_key: lookupKey instanceof ProductRefreshKey ? lookupKey.lookupKey() : lookupKey,
  });
}

/**
 * POSTs one product_update request and reads its event stream as it arrives (interface 4.4). A body that
 * breaks off keeps the products that arrived, with ending 'cut-off'. Never throws.
 */
export async function postProductUpdate(call: ProductUpdateCall): Promise<Result<ProductStreamOutcome>> {
  let response: Response;
  try {
    response = await call.send(PRODUCT_UPDATE_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: requestBody(call.request),
    });
  } catch (error) {
    return { ok: false, error: thrownError(error) };
  }
  if (!response.ok) return statusError(response, call.now());

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
