import * as v from 'valibot';
import { KEPT_ADS, type LibraryAd } from '@/features/ads/ad-record';
import { FEATURE_KEPT, FEATURE_KEPT_TURN, type FeatureKept, type FeatureKeptTurn } from '@/features/index';
import { KEPT_QUERIES } from '@/features/queries/query-record';
import { KEPT_PAGES } from '@/features/sources/page-record';
import {
  KEPT_ACCOUNT,
  KEPT_CONVERSATION,
  KEPT_TURN,
  type KeptAccount,
  type KeptConversation,
  type KeptTurn,
  type KeptVersion,
} from '@/lib/library/kept-record';
import { itemOf, type KeptOf, listOf, namesOf } from '@/lib/library/record-schema';
import type { Transport } from '@/lib/model/transport';

/*
 * What the library keeps of one conversation (architecture "The library"), declared once as schemas: the
 * members every record holds (kept-record.ts), and each feature's beside them (`Feature.library`); the
 * types below are derived from them, and so is the reader of a library file (record-schema.ts says how it
 * reads).
 */

/** Typed as a record so that a transport added to the model does not compile until it is read. */
const TRANSPORTS: Record<Transport, true> = { websocket: true, sse: true, html: true, unknown: true };

const TURN = v.object({
  ...KEPT_TURN,
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
  versionOf: KEPT_TURN.index,
});

/**
 * What Chat Lens reads into a record (record-of-inspection.ts), as a number raised whenever it learns to read
 * more that a record keeps: a record kept by an earlier reader lacks that, and is read again when its
 * conversation comes again (data-export-merge.ts, the whole-account run). See architecture
 * "Records kept by an earlier version".
 */
export const LIBRARY_READER = 2;

const CONVERSATION = v.object({
  ...KEPT_CONVERSATION,
  transport: v.fallback(v.picklist(namesOf(TRANSPORTS)), 'unknown'),
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
});

/**
 * What a data export says of the account rather than of a conversation (site-interface 10.8), one record
 * for the library (library-account.ts merges an import into it).
 */
const ACCOUNT = v.object({
  ...KEPT_ACCOUNT,
  /** The ads of the ad history that name no conversation, dated; `turnIndex` null. */
  ads: KEPT_ADS,
});

/** A kept turn: the members every turn holds, and the features'. */
export type LibraryTurn = KeptTurn & Pick<KeptOf<typeof TURN.entries>, 'queries' | 'pages'> & FeatureKeptTurn;
/** A kept turn of a branch the site does not show. */
export type LibraryVersion = KeptVersion<LibraryTurn>;
/** A kept conversation: the members every record holds, and the features'. */
export type LibraryConversation = KeptConversation<LibraryTurn> & { transport: Transport } & FeatureKept;
export type LibraryAccount = KeptAccount & { ads: LibraryAd[] };

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
