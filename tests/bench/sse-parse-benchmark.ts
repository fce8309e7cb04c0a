import { createParser } from 'eventsource-parser';
import { parseProductUpdateBody } from '@/lib/model/product-update-stream';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { productCards, productUpdateSse } from '@/tests/replica/fixtures/products';
import { atScale, defineBenchmark, measureRatio, ratioOptions } from './benchmark';

/**
 * A product_update body (site-interface 4.4) parsed into the model, as a ratio to eventsource-parser
 * plus JSON.parse of each frame alone on the same bytes — what parsing costs beyond the bare minimum.
 * Target ≤ 1.5.
 */
const BODIES_PER_RUN = { full: 20, smoke: 2 };

/** The bare minimum for one body: a parser of its own, and each frame's JSON parsed. */
function bareParse(body: string): unknown[] {
  const frames: unknown[] = [];
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      try {
        frames.push(JSON.parse(event.data));
      } catch {
        // a frame that is not JSON is skipped, as the model's reader skips it
      }
    },
  });
  parser.feed(body);
  return frames;
}

export const sseParseBenchmark = defineBenchmark({
  name: 'product_update parse',
  figures: ['sse_parse_ratio'],
  run(scale) {
    const bodyCount = atScale(scale, BODIES_PER_RUN);
    const cards = productCards(FIXTURE_IDS.products);
    const bodies = Array.from({ length: bodyCount }, (_, index) => {
      const card = cards[index % cards.length];
      if (card === undefined) throw new Error('The products fixture has no product card.');
      return productUpdateSse(card);
    });
    const measured = measureRatio(
      () => bodies.map((body) => parseProductUpdateBody(body)),
      () => bodies.map(bareParse),
      ratioOptions(scale),
    );
    const bytes = bodies.reduce((sum, body) => sum + body.length, 0);
    return {
      figures: { sse_parse_ratio: Number(measured.ratio.toFixed(4)) },
      rows: [
        {
          label: `${bodyCount} bodies`,
          cells: {
            bytes: `${Math.round(bytes / 1024)} KiB`,
            'bare parse ms': measured.baselineMs.toFixed(3),
            'model parse ms': measured.subjectMs.toFixed(3),
            ratio: measured.ratio.toFixed(3),
          },
        },
      ],
    };
  },
});
