/** The five views of the shell's tab list, in order; the number keys 1–5 jump to them. */
export const SECTIONS = [
  { id: 'queries', label: 'Queries' },
  { id: 'sources', label: 'Sources' },
  { id: 'ads', label: 'Ads' },
  { id: 'offers', label: 'Offers' },
  { id: 'details', label: 'Details' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];

/** The section a key moves to from `current` (arrows wrap, Home/End, digits), or null for other keys. */
export function sectionForKey(key: string, current: SectionId): SectionId | null {
  const index = SECTIONS.findIndex((section) => section.id === current);
  const last = SECTIONS.length - 1;
  const at = (position: number): SectionId => SECTIONS[position]?.id ?? current;
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
