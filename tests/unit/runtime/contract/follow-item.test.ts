import { describe, expect, it } from 'vitest';
import { type FollowedItem, followItem } from '@/lens/runtime/contract/follow-item';

/** An item whose read is answered when the test says, and whose writes the test reports. */
function itemWithHeldRead(stored: string) {
  let answer: (value: string) => void = () => undefined;
  let report: (value: string) => void = () => undefined;
  let watching = true;
  const item: FollowedItem<string> = {
    getValue: () => new Promise((resolve) => (answer = () => resolve(stored))),
    watch: (onWrite) => {
      report = (value) => watching && onWrite(value);
      return () => {
        watching = false;
      };
    },
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    item,
    answerRead: async () => {
      answer(stored);
      await settle();
    },
    write: (value: string) => report(value),
  };
}

/** Follows the item, noting what it was shown and how: `read …` or `write …`. */
function followed(item: FollowedItem<string>) {
  const seen: string[] = [];
  const unwatch = followItem(
    item,
    (value) => seen.push(`read ${value}`),
    (value) => seen.push(`write ${value}`),
  );
  return { seen, unwatch };
}

describe('followItem', () => {
  it('shows the read, then every write', async () => {
    const held = itemWithHeldRead('first');
    const { seen } = followed(held.item);
    await held.answerRead();
    held.write('second');
    expect(seen).toEqual(['read first', 'write second']);
  });

  it('drops a read answered after a write was reported: the stale value never replaces the newer one', async () => {
    const held = itemWithHeldRead('before the write');
    const { seen } = followed(held.item);
    held.write('the write');
    await held.answerRead();
    expect(seen).toEqual(['write the write']);
  });

  it('hears no write once unwatched', () => {
    const held = itemWithHeldRead('first');
    const { seen, unwatch } = followed(held.item);
    unwatch();
    held.write('late');
    expect(seen).toEqual([]);
  });
});
