import { VIEWS, type ViewId } from '@/components/views/registry';

/** The view a key moves to from `current` (arrows wrap, Home/End, digits), or null for other keys. */
export function viewForKey(key: string, current: ViewId): ViewId | null {
  const index = VIEWS.findIndex((view) => view.id === current);
  const last = VIEWS.length - 1;
  const at = (position: number): ViewId => VIEWS[position]?.id ?? current;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return at(index === last ? 0 : index + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return at(index === 0 ? last : index - 1);
    case 'Home':
      return at(0);
    case 'End':
      return at(last);
    default: {
      const digit = /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
      return digit >= 0 && digit <= last ? at(digit) : null;
    }
  }
}
