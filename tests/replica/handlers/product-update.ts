import { type ProductCardRequest, productUpdateSse } from '@/tests/replica/fixtures/products';
import { readJsonBody, sendDetail, startEventStream, writeInChunks } from '@/tests/replica/http-helpers';
import type { HandlerContext } from './context';

function isProductCardRequest(body: unknown): body is ProductCardRequest {
  return typeof body === 'object' && body !== null && 'product_query' in body && 'product_lookup_key' in body;
}

/**
 * site-interface 4.4: POST /backend-api/search/product_update, answered as an event stream in several chunks.
 */
export async function handleProductUpdate(context: HandlerContext): Promise<void> {
  const body = await readJsonBody(context.request);
  if (!isProductCardRequest(body)) {
    return sendDetail(context.response, 400, 'product_query and product_lookup_key are required');
  }
  startEventStream(context.response);
  await writeInChunks(context.response, productUpdateSse(body), 4, 40);
  context.response.end();
}
