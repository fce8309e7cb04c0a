/**
 * JSON text of a value at any depth. JSON.parse reads bodies thousands of levels deep, but JSON.stringify
 * overflows the stack after a few thousand, so the fuzz inputs that travel as text are written by this walk,
 * which keeps its place on a list instead of the stack. Like JSON.stringify, it writes a member whose value
 * is undefined not at all, and a value JSON cannot hold as null.
 */
type Piece = { text: string } | { value: unknown };

const writable = (value: unknown): boolean =>
  value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';

export function jsonText(root: unknown): string {
  const written: string[] = [];
  const pending: Piece[] = [{ value: root }];
  for (let piece = pending.pop(); piece !== undefined; piece = pending.pop()) {
    if ('text' in piece) {
      written.push(piece.text);
      continue;
    }
    const { value } = piece;
    if (Array.isArray(value)) {
      // Pushed in reverse: the list is taken from its end.
      const items = Array.from(value, (item) => (writable(item) ? item : null));
      pending.push({ text: ']' });
      items.reverse().forEach((item, index) => {
        pending.push({ value: item });
        if (index < items.length - 1) pending.push({ text: ',' });
      });
      pending.push({ text: '[' });
    } else if (typeof value === 'object' && value !== null) {
      const members = Object.entries(value).filter(([, member]) => writable(member));
      pending.push({ text: '}' });
      members.reverse().forEach(([key, member], index) => {
        pending.push({ value: member }, { text: `${JSON.stringify(key)}:` });
        if (index < members.length - 1) pending.push({ text: ',' });
      });
      pending.push({ text: '{' });
    } else {
      written.push(JSON.stringify(writable(value) ? value : null) ?? 'null');
    }
  }
  return written.join('');
}
