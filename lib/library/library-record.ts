import * as v from 'valibot';
import { KEPT_ADS } from '@/features/ads/ad-record';
import type { Transport } from '@/features/details/transport';
import { FEATURE_KEPT, FEATURE_KEPT_TURN, type FeatureKept, type FeatureKeptTurn } from '@/features/index';
import { KEPT_QUERIES } from '@/features/queries/query-record';
import { KEPT_PAGES } from '@/features/sources/page-record';
import type { StreamTransport } from '@/lib/model/streamed-turn';
import type { UnreadKind } from '@/lib/model/unread';
import {
  finite,
  flag,
  itemOf,
  type KeptOf,
  knownFlag,
  listOf,
  namesOf,
  text,
  texts,
  whole,
} from './record-schema';

/*
 * What the library keeps of one conversation (architecture "The library"), declared once as schemas: the
 * members every record holds here, and each feature's beside them (`Feature.library`); the types below are
 * derived from them, and so is the reader of a library file (record-schema.ts says how it reads). Times are
 * epoch milliseconds, null when unknown.
 */

/** Typed as records so that a transport or kind added to the model does not compile until it is read. */
const TRANSPORTS: Record<Transport, true> = { websocket: true, sse: true, html: true, unknown: true };
const TURN_TRANSPORTS: Record<StreamTransport, true> = { sse: true, websocket: true, html: true };
const UNREAD_KINDS: Record<UnreadKind, true> = {
  'content-type': true,
  'reference-type': true,
  tool: true,
  'stream-record': true,
  'delta-op': true,
  'ui-program': true,
  contradiction: true,
};

const TURN = v.object({
  /** The turn's place in the conversation (turn 0 is usually the system context, with no prompt). */
  index: whole,
  prompt: text,
  /** The answer's visible text; null unless answer text is kept. */
  answer: text,
  /** When the prompt was sent. */
  at: finite,
  model: text,
  /** Whether a search ran; null when nothing can tell (features/queries/turn-facts.ts). */
  searched: knownFlag,
  /** How the answer streamed while Chat Lens watched; null when it was only loaded. */
  transport: v.fallback(v.nullable(v.picklist(namesOf(TURN_TRANSPORTS))), null),
  /** The queries feature's (features/queries/query-record.ts): the joined table is built on them. */
  queries: KEPT_QUERIES,
  /** The sources feature's (features/sources/page-record.ts), as the queries. */
  pages: KEPT_PAGES,
  ...FEATURE_KEPT_TURN,
});

/**
 * A turn of a branch the site no longer shows (a regenerated answer, an edited prompt, or what followed
 * them), read from the tree where it was loaded: a version of a prompt (architecture "Versions of a prompt").
 */
const VERSION = v.object({
  ...TURN.entries,
  /** The index of the shown turn it answers again, when it is the branch's first turn; else null. */
  versionOf: whole,
});

/** A shape not read (export-format "`unread`"), by name: never a value, nor the key paths. */
const UNREAD = v.object({
  kind: v.picklist(namesOf(UNREAD_KINDS)),
  name: v.string(),
  count: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
});

/**
 * What Chat Lens reads into a record (record-of-inspection.ts), as a number raised whenever it learns to read
 * more that a record keeps: a record kept by an earlier reader lacks that, and is read again when its
 * conversation comes again (data-export-merge.ts, the whole-account run). See architecture
 * "Records kept by an earlier version".
 */
export const LIBRARY_READER = 2;

/** null for a conversation without an id, which no record could be kept under. */
const CONVERSATION = v.object({
  id: v.pipe(v.string(), v.nonEmpty()),
  title: text,
  /** The models that answered, in order of first appearance, else the conversation's default model. */
  models: texts,
  createdAt: finite,
  updatedAt: finite,
  /** When Chat Lens last wrote it: automatic deletion counts from here. */
  savedAt: finite,
  transport: v.fallback(v.picklist(namesOf(TRANSPORTS)), 'unknown'),
  /** Answers keep their text ("keep answer text" was on when it was written). */
  answerTextKept: flag,
  turns: listOf((stored, place) => {
    const turn = itemOf(TURN)(stored);
    return turn === null ? null : { ...turn, index: turn.index ?? place };
  }),
  /** The turns of the branches the site does not show; empty where the tree was never loaded. */
  versions: listOf((stored, place) => {
    const version = itemOf(VERSION)(stored);
    return version === null ? null : { ...version, index: version.index ?? place };
  }),
  ...FEATURE_KEPT,
  /** What was met and not read; null for a record kept before Chat Lens counted it. */
  unread: v.fallback(v.nullable(listOf(itemOf(UNREAD))), null),
  /** The LIBRARY_READER that kept it; 0 for a record kept before records said. */
  reader: v.fallback(v.pipe(v.number(), v.safeInteger(), v.minValue(0)), 0),
});

/**
 * What a data export says of the account rather than of a conversation (site-interface 10.8), one record
 * for the library (library-account.ts merges an import into it).
 */
const ACCOUNT = v.object({
  /** The interests ChatGPT's ads inferred, in their profile's order. */
  interests: texts,
  /** That profile's `profile_version`; null when it names none. */
  profileVersion: finite,
  /** The ads of the ad history that name no conversation, dated; `turnIndex` null. */
  ads: KEPT_ADS,
  /** When an import last wrote it: automatic deletion counts from here, as a conversation's. */
  savedAt: finite,
});

type KeptTurn = Omit<KeptOf<typeof TURN.entries>, 'index'> & { index: number };

/** A kept turn: the members every turn holds, and the features'. */
export type LibraryTurn = Omit<KeptTurn, keyof FeatureKeptTurn> & FeatureKeptTurn;
/** A kept turn of a branch the site does not show. */
export type LibraryVersion = LibraryTurn & { versionOf: number | null };
/** A kept conversation: the members every record holds, and the features'. */
export type LibraryConversation = Omit<
  KeptOf<typeof CONVERSATION.entries>,
  'savedAt' | 'turns' | 'versions' | keyof FeatureKept
> &
  FeatureKept & { savedAt: number; turns: LibraryTurn[]; versions: LibraryVersion[] };
export type LibraryAccount = Omit<v.InferOutput<typeof ACCOUNT>, 'savedAt'> & { savedAt: number };

/**
 * A conversation of a library file, read by the schemas above; null for one without an id. `savedAt`
 * stands in for a missing time of writing: the file's own time, when the conversation was kept at the
 * latest.
 */
export function readLibraryConversation(stored: unknown, savedAt: number): LibraryConversation | null {
  const read = v.safeParse(CONVERSATION, stored);
  if (!read.success) return null;
  // The features' members are read by their own schemas, which the record's spreads in.
  return { ...read.output, savedAt: read.output.savedAt ?? savedAt } as LibraryConversation;
}

/**
 * The account's record of a library file, read by ACCOUNT; null when it is no object. `savedAt` stands in
 * for a missing time of writing, as for a conversation.
 */
export function readLibraryAccount(stored: unknown, savedAt: number): LibraryAccount | null {
  const read = v.safeParse(ACCOUNT, stored);
  if (!read.success) return null;
  return { ...read.output, savedAt: read.output.savedAt ?? savedAt };
}
