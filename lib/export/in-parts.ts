/**
 * The pieces joined in order into parts of at least `minLength` characters (the last may be shorter):
 * a consumer paying per part (a generator step, an item of a Blob) gets few, whatever size the pieces come in.
 */
export function* inParts(pieces: Iterable<string>, minLength: number): Generator<string> {
  let part = '';
  for (const piece of pieces) {
    part += piece;
    if (part.length >= minLength) {
      yield part;
      part = '';
    }
  }
  if (part !== '') yield part;
}
