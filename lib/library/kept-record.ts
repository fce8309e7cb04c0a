import * as v from 'valibot';
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
 * What every record the library keeps holds, whatever the features (architecture "The library"): the
 * kept record (lens/library/library-record.ts) adds each feature's members to these, and a feature's code
 * over kept records names these and its own members, never the whole record, so that features need
 * nothing of what is put together above them. Times are epoch milliseconds, null when unknown.
 */

/** Typed as records so that a transport or kind added to the model does not compile until it is read. */
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

/** The members every kept turn holds. */
export const KEPT_TURN = {
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
};

/** A shape not read (export-format "`unread`"), by name: never a value, nor the key paths. */
const UNREAD = v.object({
  kind: v.picklist(namesOf(UNREAD_KINDS)),
  name: v.string(),
  count: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
});

/** The members every kept conversation holds beside its turns; null for a conversation without an id. */
export const KEPT_CONVERSATION = {
  id: v.pipe(v.string(), v.nonEmpty()),
  title: text,
  /** The models that answered, in order of first appearance, else the conversation's default model. */
  models: texts,
  createdAt: finite,
  updatedAt: finite,
  /** When Chat Lens last wrote it: automatic deletion counts from here. */
  savedAt: finite,
  /** Answers keep their text ("keep answer text" was on when it was written). */
  answerTextKept: flag,
  /** What was met and not read; null for a record kept before Chat Lens counted it. */
  unread: v.fallback(v.nullable(listOf(itemOf(UNREAD))), null),
  /** The LIBRARY_READER that kept it; 0 for a record kept before records said. */
  reader: v.fallback(v.pipe(v.number(), v.safeInteger(), v.minValue(0)), 0),
};

/** The members every account's record holds (site-interface 10.8). */
export const KEPT_ACCOUNT = {
  /** The interests ChatGPT's ads inferred, in their profile's order. */
  interests: texts,
  /** That profile's `profile_version`; null when it names none. */
  profileVersion: finite,
  /** When an import last wrote it: automatic deletion counts from here, as a conversation's. */
  savedAt: finite,
};

/** A kept turn as every turn holds it; a feature's code adds the members it reads (`KeptTurn & {...}`). */
export type KeptTurn = Omit<KeptOf<typeof KEPT_TURN>, 'index'> & { index: number };
/** A kept turn of a branch the site does not show (architecture "Versions of a prompt"). */
export type KeptVersion<Turn extends KeptTurn = KeptTurn> = Turn & { versionOf: number | null };
/** A kept conversation as every record holds it, its turns as `Turn`. */
export type KeptConversation<Turn extends KeptTurn = KeptTurn> = Omit<
  KeptOf<typeof KEPT_CONVERSATION>,
  'savedAt'
> & { savedAt: number; turns: Turn[]; versions: KeptVersion<Turn>[] };
/** The account's record as every one holds it. */
export type KeptAccount = Omit<KeptOf<typeof KEPT_ACCOUNT>, 'savedAt'> & { savedAt: number };
