import { describe, expect, it } from 'vitest';
import { PRODUCT_UPDATE_PATH, postProductUpdate, type SendRequest } from '@/lib/api/product-update-client';
import { createRateGovernor } from '@/lib/api/rate-governor';
import { type ParsedProduct, parseProductEntity } from '@/lib/model/product-entity';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { PRODUCT_TOKEN_CANARY, productCards, productUpdateSse } from '@/tests/replica/fixtures/products';

const NOW = Date.UTC(2026, 9, 6, 12, 0, 0);
const now = () => NOW;
const card = productCards(FIXTURE_IDS.products)[0] ?? { product_query: null, product_lookup_key: null };
const body = productUpdateSse(card);
const productId = (card.product_query as { product_id: string }).product_id;

/** A stream the test feeds by hand, to see what the client does before the body has ended. */
function manualStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
  });
  const encoder = new TextEncoder();
  return {
    stream,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
    breakOff: () => controller.error(new Error('connection reset')),
  };
}

const answering =
  (response: () => Response): SendRequest =>
  async () =>
    response();

describe('postProductUpdate (site-interface 4.4)', () => {
  it('POSTs the product query and the lookup key as JSON to the product_update path', async () => {
    const sent: Array<{ path: string; init: RequestInit }> = [];
    const send: SendRequest = async (path, init) => {
      sent.push({ path, init });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    };
    await postProductUpdate({ send, request: card, now });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe(PRODUCT_UPDATE_PATH);
    expect(sent[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual(card);
  });

  it('posts the raw lookup key when it was kept as a ProductRefreshKey', async () => {
    const parsed = parseProductEntity({ id: 'p', product_lookup_key: card.product_lookup_key });
    const refreshKey = parsed.ok ? parsed.value.refreshKey : null;
    let posted: unknown;
    const send: SendRequest = async (_path, init) => {
      posted = JSON.parse(String(init.body));
      return new Response(body);
    };
    await postProductUpdate({
      send,
      request: { product_query: card.product_query, product_lookup_key: refreshKey },
      now,
    });
    expect(posted).toEqual(card);
  });

  it('reads the stream as it arrives: a product is reported before the body ends', async () => {
    const manual = manualStream();
    let firstProduct: (parsed: ParsedProduct) => void = () => {};
    const arrived = new Promise<ParsedProduct>((resolve) => {
      firstProduct = resolve;
    });
    const pending = postProductUpdate({
      send: answering(() => new Response(manual.stream)),
      request: card,
      now,
      onProduct: (parsed) => firstProduct(parsed),
    });
    const firstFrameEnd = body.indexOf('\n\n', body.indexOf('product_entity')) + 2;
    manual.push(body.slice(0, firstFrameEnd));
    expect((await arrived).product.id).toBe(productId);
    manual.push(body.slice(firstFrameEnd));
    manual.close();
    const result = await pending;
    expect(result.ok && result.value.ending).toBe('complete');
    expect(result.ok && result.value.products.map((product) => product.id)).toEqual([productId]);
  });

  it('keeps what arrived when the connection breaks, and reports cut-off', async () => {
    const manual = manualStream();
    let productArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      productArrived = resolve;
    });
    const pending = postProductUpdate({
      send: answering(() => new Response(manual.stream)),
      request: card,
      now,
      onProduct: () => productArrived(),
    });
    manual.push(body.slice(0, body.indexOf('event: heartbeat')));
    // Break the connection only once the client has read what was sent (an errored stream drops its queue).
    await arrived;
    manual.breakOff();
    const result = await pending;
    expect(result.ok && result.value.ending).toBe('cut-off');
    expect(result.ok && result.value.products.map((product) => product.id)).toEqual([productId]);
    expect(result.ok && result.warnings.length).toBeGreaterThan(0);
  });

  it('canary: the outcome holds no token-bearing value', async () => {
    const result = await postProductUpdate({ send: answering(() => new Response(body)), request: card, now });
    expect(result.ok && result.value.products).toHaveLength(1);
    expect(JSON.stringify(result)).not.toContain(PRODUCT_TOKEN_CANARY);
  });

  it('turns a 429 into a rate-limited error that carries Retry-After in seconds or as a date', async () => {
    const limited = (headers: Record<string, string>) =>
      postProductUpdate({
        send: answering(() => new Response('{}', { status: 429, headers })),
        request: card,
        now,
      });
    const inSeconds = await limited({ 'Retry-After': '120' });
    expect(!inSeconds.ok && inSeconds.error).toMatchObject({
      code: 'rate-limited',
      status: 429,
      retryAt: NOW + 120_000,
    });
    const date = new Date(NOW + 30_000).toUTCString();
    const asDate = await limited({ 'Retry-After': date });
    expect(!asDate.ok && asDate.error.retryAt).toBe(Date.parse(date));
    const plain = await limited({});
    expect(!plain.ok && plain.error.code).toBe('rate-limited');
    expect(!plain.ok && plain.error.retryAt).toBeUndefined();
  });

  it('maps other statuses to typed errors', async () => {
    const codes: Array<[number, string]> = [
      [401, 'signed-out'],
      [404, 'not-found'],
      [502, 'server'],
      [400, 'http'],
    ];
    for (const [status, code] of codes) {
      const result = await postProductUpdate({
        send: answering(() => new Response('', { status })),
        request: card,
        now,
      });
      expect(!result.ok && result.error).toMatchObject({ code, status });
    }
  });

  it('reports a request that did not complete as a network error', async () => {
    const network = await postProductUpdate({
      send: async () => {
        throw new TypeError('Failed to fetch');
      },
      request: card,
      now,
    });
    expect(!network.ok && network.error.code).toBe('network');
  });

  it('goes through the rate governor: a 429 holds the next call, which is refused without a request', async () => {
    let clock = NOW;
    const governor = createRateGovernor({ now: () => clock });
    const requests: string[] = [];
    const send: SendRequest = (path) =>
      governor.run(async () => {
        requests.push(path);
        return new Response('', { status: 429, headers: { 'Retry-After': '30' } });
      });
    const limited = await postProductUpdate({ send, request: card, now: () => clock });
    expect(!limited.ok && limited.error).toMatchObject({ code: 'rate-limited', retryAt: NOW + 30_000 });
    clock += 10_000;
    const held = await postProductUpdate({ send, request: card, now: () => clock });
    expect(!held.ok && held.error).toMatchObject({ code: 'rate-limited', retryAt: NOW + 30_000 });
    expect(requests).toHaveLength(1);
  });
});
