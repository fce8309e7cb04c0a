import * as v from 'valibot';
import { cleanSourceUrl } from '@/lib/insights/source-url';
import { isRecord } from '@/lib/model/json-read';

/*
 * The pieces a kept record's schemas are made of (architecture "The library"): library-record.ts and each
 * feature's part of the record read with them. Each reads tolerantly (architecture "Tolerant reader"): a
 * member of the wrong type, or missing, reads as null, empty or false, and every link goes through the
 * cleaner of page links again, so an edited file brings back no tracking value (architecture "Secrets").
 */

export const text = v.fallback(v.nullable(v.string()), null);
export const finite = v.fallback(v.nullable(v.pipe(v.number(), v.finite())), null);
export const whole = v.fallback(v.nullable(v.pipe(v.number(), v.safeInteger())), null);
export const flag = v.fallback(v.boolean(), false);
export const knownFlag = v.fallback(v.nullable(v.boolean()), null);
export const texts = v.fallback(
  v.pipe(
    v.array(v.unknown()),
    v.transform((items) => items.filter((item): item is string => typeof item === 'string')),
  ),
  [],
);
/** A link, clean; null when it is not text or nothing is left of it. */
export const link = v.fallback(
  v.nullable(
    v.pipe(
      v.string(),
      v.transform((url) => cleanSourceUrl(url)),
    ),
  ),
  null,
);

/**
 * A list whose readable items are kept: what is not an object is passed over, and an object that does not
 * read (it lacks what it cannot do without) is dropped, not the list. `read` is given the item's place
 * among the objects.
 */
export function listOf<Item>(read: (stored: unknown, place: number) => Item | null) {
  return v.fallback(
    v.pipe(
      v.array(v.unknown()),
      v.transform((items) => items.filter(isRecord).flatMap((item, place) => read(item, place) ?? [])),
    ),
    [],
  );
}

/** An item of a list read with `schema`, or null when it does not read. */
export const itemOf =
  <Schema extends v.GenericSchema>(schema: Schema) =>
  (stored: unknown): v.InferOutput<Schema> | null => {
    const read = v.safeParse(schema, stored);
    return read.success ? read.output : null;
  };

/** The names of a record typed by them, so that a name added to the model does not compile until it is read. */
export const namesOf = <Name extends string>(names: Record<Name, true>): Name[] =>
  Object.keys(names) as Name[];

/** What a set of schema members reads into. */
export type KeptOf<Entries extends v.ObjectEntries> = v.InferOutput<v.ObjectSchema<Entries, undefined>>;
