/**
 * What a reader met and could not read, by kind and name (export-format "`unread`"): so a change of the
 * site's shapes shows as a count, never as an export with less in it. Nothing here is a value of the
 * conversation: only the names of types, tools and records, how often each came, and the key paths where
 * they sat.
 */
export type UnreadKind =
  /** A message content type no reader knows: its text parts still show, its other members as JSON. */
  | 'content-type'
  /** A citation reference type no reader knows: its marker shows the site's own `alt`, or nothing. */
  | 'reference-type'
  /** A tool the model called or that answered, which no reader knows: its messages show as they are. */
  | 'tool'
  /** A typed record of an answer stream that no reader knows: what it held is not shown. */
  | 'stream-record'
  /** A delta operation of an answer stream that no reader knows: the change it made is not applied. */
  | 'delta-op'
  /**
   * A part of an answer made by a UI program that no reader can show (site-interface 10.14): a program
   * without a readable form, a component or member not known here. Its place is named in the text.
   */
  | 'ui-program'
  /** Two things that should come together and did not, named by what is missing. */
  | 'contradiction';

export interface Unread {
  kind: UnreadKind;
  name: string;
  count: number;
  /** The key paths where it sat (`message.content.content_type`), never a value: for a shape report. */
  at: string[];
}

/** Counts by kind and name, in the order first met. */
export class UnreadTally {
  readonly #counts = new Map<string, Unread>();

  add(kind: UnreadKind, name: string, at: string, count = 1): void {
    const key = `${kind}\u0000${name}`;
    const found = this.#counts.get(key);
    if (found === undefined) {
      if (count > 0) this.#counts.set(key, { kind, name, count, at: [at] });
    } else {
      found.count += count;
      if (!found.at.includes(at)) found.at.push(at);
    }
  }

  /** Each entry of `list` added, as counted elsewhere (an answer stream's own tally). */
  addAll(list: readonly Unread[]): void {
    for (const { kind, name, count, at } of list)
      for (const [place, path] of at.entries()) this.add(kind, name, path, place === 0 ? count : 0);
  }

  list(): Unread[] {
    return [...this.#counts.values()].map((entry) => ({ ...entry, at: [...entry.at] }));
  }
}
