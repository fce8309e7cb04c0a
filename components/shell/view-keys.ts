import { VIEWS, type ViewId } from '@/components/views/registry';
import { tabAfterKey } from './tab-keys';

const VIEW_IDS: readonly ViewId[] = VIEWS.map((view) => view.id);

/** The view a key moves to from `current` (arrows wrap, Home/End, digits), or null for other keys. */
export function viewForKey(key: string, current: ViewId): ViewId | null {
  const digit = /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
  if (digit >= 0) return VIEW_IDS[digit] ?? null;
  return tabAfterKey(VIEW_IDS, key, current);
}
