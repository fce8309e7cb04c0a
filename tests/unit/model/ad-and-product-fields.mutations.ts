import fc from 'fast-check';

/**
 * Mutated copies of a fixture for the property tests of the ad and product parsers
 * (architecture "Tolerant reader"): one to five members anywhere in the tree deleted or replaced by arbitrary
 * JSON.
 */
type Path = Array<string | number>;

function pathsOf(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) pathsOf(item, [...path, index], found);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], found);
  }
  found.push(path);
  return found;
}

interface Mutation {
  path: Path;
  remove: boolean;
  value: unknown;
}

function apply(holder: { root: unknown }, mutation: Mutation): void {
  let parent: unknown = holder;
  let key: string | number = 'root';
  for (const step of mutation.path) {
    const next = (parent as Record<string | number, unknown>)[key];
    if (typeof next !== 'object' || next === null) return; // an earlier mutation removed the way here
    parent = next;
    key = step;
  }
  const container = parent as Record<string | number, unknown>;
  if (mutation.remove && Array.isArray(container) && typeof key === 'number') container.splice(key, 1);
  else if (mutation.remove) delete container[key];
  else container[key] = mutation.value;
}

export function mutatedJson(base: unknown): fc.Arbitrary<unknown> {
  const mutation = fc.record({
    path: fc.constantFrom(...pathsOf(base)),
    remove: fc.boolean(),
    value: fc.jsonValue({ maxDepth: 2 }),
  });
  return fc.array(mutation, { minLength: 1, maxLength: 5 }).map((mutations) => {
    const holder = { root: structuredClone(base) };
    for (const each of mutations) apply(holder, each);
    return holder.root;
  });
}
