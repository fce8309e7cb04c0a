import fc from 'fast-check';
import { type Mutation, mutate } from '@/tests/unit/fixtures/mutate';

/**
 * Values a tolerant reader must survive (architecture "Tolerant reader"): text with every kind of code unit
 * (lone surrogates, the private-use citation characters, NUL, right-to-left marks), numbers JSON can write
 * but no field expects, members named like the prototype's, and nesting far deeper than any real response.
 */
const AWKWARD_TEXTS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  '\u202e\u200b\ufeff',
  '\ue200cite\ue202turn0search0\ue201',
  '\ue200entity\ue202["city","Lisbon"]\ue201',
  '【2†L142-L150】',
  'citeturn0search0turn1news2',
  'entity["a",',
  '%E0%A4%A',
  '%zz',
  '__proto__',
  'constructor',
  'toString',
  'https://chatgpt.com/c/x?oppref=1#',
  'data: [DONE]\n\n',
  'NaN',
  '1e400',
  '-0',
  '9'.repeat(400),
  '$1,2.3.4',
  '1\u00a0299,99 EUR',
  'x'.repeat(5000),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(...AWKWARD_TEXTS),
  fc.array(fc.constantFrom(...AWKWARD_TEXTS.slice(0, 20)), { maxLength: 5 }).map((pieces) => pieces.join('')),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_VALUE,
    -0,
    1e21,
    2 ** 64,
    1_790_000_000,
    1_790_000_000_000,
  ),
);

/** Depths from a real response's to beyond what JSON.stringify and structuredClone can walk (about 5,000). */
const DEPTHS = [8, 64, 1_000, 6_000];
const NESTED_KEYS = [
  'content',
  'parts',
  'metadata',
  'message',
  'mapping',
  'payload',
  'ads_response',
  'offers',
];

/** The text around the leaf of a value nested `depth` levels deep, made once per depth. */
const nestingText = new Map(
  DEPTHS.map((depth) => {
    const opening: string[] = [];
    const closing: string[] = [];
    for (let level = 0; level < depth; level += 1) {
      const list = level % 3 === 0;
      opening.push(list ? '[' : `{"${NESTED_KEYS[level % NESTED_KEYS.length]}":`);
      closing.push(list ? ']' : '}');
    }
    return [depth, { opening: opening.join(''), closing: closing.reverse().join('') }];
  }),
);

/**
 * A value nested `depth` levels deep, as JSON.parse makes it from a body (it parses any depth): lists and
 * members named like those the readers follow, so they walk as far down as they are willing to. fast-check
 * shows it in a counterexample by its depth (its own printer would overflow the stack too).
 */
function deepValue(depth: number, leaf: string): unknown {
  const text = nestingText.get(depth);
  const value: object = JSON.parse(`${text?.opening ?? ''}${JSON.stringify(leaf)}${text?.closing ?? ''}`);
  Object.defineProperty(value, fc.toStringMethod, {
    value: () => `<${depth} levels around ${JSON.stringify(leaf)}>`,
  });
  return value;
}

export const deepNesting: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(...DEPTHS), hostileString)
  .map(([depth, leaf]) => deepValue(depth, leaf));

/** A JSON value built from hostile leaves, or a deep one. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  {
    weight: 2,
    arbitrary: fc.dictionary(
      fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor')),
      hostileString,
      {
        maxKeys: 3,
      },
    ),
  },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: deepNesting },
);

/**
 * One to six changes to a fixture: members deleted, retyped to a hostile value (a huge number, a deep
 * nest, odd text), or repeated in their list.
 */
export const hostileMutations: fc.Arbitrary<Mutation[]> = fc.array(
  fc.record({
    pathIndex: fc.nat(),
    kind: fc.constantFrom<Mutation['kind']>('delete', 'replace', 'duplicate'),
    replacement: hostileJson,
  }),
  { minLength: 1, maxLength: 6 },
);

/** Damaged copies of the documents: one picked, then mutated. */
export const damagedCopies = <T>(documents: readonly T[]): fc.Arbitrary<T> =>
  fc
    .tuple(fc.constantFrom(...documents), hostileMutations)
    .map(([document, mutations]) => mutate(document, mutations));
