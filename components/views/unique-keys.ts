/**
 * React keys from what the items say, a repeat numbered ("a", "a#2"): items of a snapshot have no ids of
 * their own, and the same card or offer may come twice.
 */
export function withUniqueKeys<Item>(
  items: readonly Item[],
  keyOf: (item: Item) => string,
): Array<[string, Item]> {
  const used = new Set<string>();
  return items.map((item) => {
    const base = keyOf(item);
    let key = base;
    for (let count = 2; used.has(key); count += 1) key = `${base}#${count}`;
    used.add(key);
    return [key, item];
  });
}
