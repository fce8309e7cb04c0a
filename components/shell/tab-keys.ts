/**
 * The tab a key moves to in a WAI-ARIA tab list (arrows wrap, Home and End jump), from `current` among
 * `ids`; null for any other key. The shell's views and the library page's tabs both move by it.
 */
export function tabAfterKey<Id>(ids: readonly Id[], key: string, current: Id): Id | null {
  const index = ids.indexOf(current);
  const last = ids.length - 1;
  const at = (position: number): Id => ids[position] ?? current;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return at(index === last ? 0 : index + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return at(index <= 0 ? last : index - 1);
    case 'Home':
      return at(0);
    case 'End':
      return at(last);
    default:
      return null;
  }
}
