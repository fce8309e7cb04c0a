/** Runs `run` once every run handed in before it has ended: one at a time, in the order asked. */
export type Exclusive = <T>(run: () => Promise<T>) => Promise<T>;

/** A lock for what tests running side by side share, such as the browser's focused tab or clipboard. */
export function oneAtATime(): Exclusive {
  let tail: Promise<unknown> = Promise.resolve();
  return (run) => {
    const result = tail.then(run);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** `work` over every item, `width` items at a time, each next item starting as one ends; results in order. */
export async function sideBySide<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++)
      results[index] = await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}
