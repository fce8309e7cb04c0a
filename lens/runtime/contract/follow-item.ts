/** A stored value that can be read and watched, as a `@wxt-dev/storage` item can. */
export interface FollowedItem<T> {
  getValue(): Promise<T>;
  watch(onWrite: (value: T) => void): () => void;
}

/**
 * Reads a stored value once and follows its writes. The browser answers a read and reports a write on
 * separate channels, so a read can be answered after a later write was reported: once a write has come,
 * the read is dropped, as the watch brings every write after it. Returns the unwatch.
 */
export function followItem<T>(
  item: FollowedItem<T>,
  onRead: (value: T) => void,
  onWrite: (value: T) => void,
): () => void {
  let written = false;
  const unwatch = item.watch((value) => {
    written = true;
    onWrite(value);
  });
  void item.getValue().then((value) => {
    if (!written) onRead(value);
  });
  return unwatch;
}
