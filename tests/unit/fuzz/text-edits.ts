import fc from 'fast-check';
import { hostileString } from './hostile-values';

/**
 * Damage a body can take on its way as text: cut off (a stream ended early), a span lost, odd text put in
 * (unicode, a stray `data:` line), a span repeated (a duplicated member or frame). Positions are taken
 * modulo the text's length, so one arbitrary serves bodies of any size.
 */
export interface TextEdit {
  kind: 'truncate' | 'delete' | 'insert' | 'duplicate';
  at: number;
  length: number;
  text: string;
}

export const textEdits: fc.Arbitrary<TextEdit[]> = fc.array(
  fc.record({
    kind: fc.constantFrom<TextEdit['kind']>('truncate', 'delete', 'insert', 'duplicate'),
    at: fc.nat(),
    length: fc.nat(200),
    text: hostileString,
  }),
  { minLength: 1, maxLength: 4 },
);

export function editText(text: string, edits: readonly TextEdit[]): string {
  let edited = text;
  for (const edit of edits) {
    const at = edit.at % (edited.length + 1);
    const end = Math.min(edited.length, at + edit.length);
    if (edit.kind === 'truncate') edited = edited.slice(0, at);
    else if (edit.kind === 'delete') edited = edited.slice(0, at) + edited.slice(end);
    else if (edit.kind === 'insert') edited = edited.slice(0, at) + edit.text + edited.slice(at);
    else edited = edited.slice(0, end) + edited.slice(at, end) + edited.slice(end);
  }
  return edited;
}

/** Where a body is split into the chunks a stream delivers, as positions modulo its length. */
export const splitPoints: fc.Arbitrary<number[]> = fc.array(fc.nat(), { maxLength: 8 });

/** The pieces of `whole` cut at `points` (any order, repeats allowed: an empty chunk is a chunk too). */
export function splitAt<T extends string | Uint8Array>(whole: T, points: readonly number[]): T[] {
  const cuts = points.map((point) => point % (whole.length + 1)).sort((a, b) => a - b);
  const pieces: T[] = [];
  let start = 0;
  for (const cut of [...cuts, whole.length]) {
    pieces.push(whole.slice(start, cut) as T);
    start = cut;
  }
  return pieces;
}
