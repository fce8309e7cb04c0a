import { compareFormats, type FormatComparison, withStreamOnly } from '@/features/details/format-comparison';
import { type Inspection, inspect } from '@/lens/insights/inspection';
import type { AdAccount } from '@/lib/model/ad-account';
import type { Conversation } from '@/lib/model/conversation';
import { mergeConversationFormats } from '@/lib/model/merge-formats';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import type { Result } from '@/lib/model/result';
import { normalizeStreamedTurns } from '@/lib/model/streamed-format';
import type { StreamedTurn } from '@/lib/model/streamed-turn';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import type { CapturedConversation } from './captured-conversation';

/** The formats as one conversation, computed only when a format changed. */
export interface HeldFormats {
  conversation: Conversation | null;
  comparison: FormatComparison | null;
  warnings: string[];
  /** The turns the answer streams assembled, which the formats were merged with. */
  streamedTurns: StreamedTurn[];
}

type FormatName = 'messages' | 'tree' | 'stream';

/**
 * The normalized formats and the inspection of a captured conversation, each worked out again only when
 * what it reads changed: each format is normalized only when it changed itself, the comparison of the
 * two fetched formats only when one of them did, and the inspection is kept until the captured content or
 * the account changes. So an unchanged tree poll normalizes nothing, a streamed piece normalizes only the
 * streams, and the snapshot and every export of an unchanged 10,000-message conversation share one
 * inspection.
 */
export class HeldInspection {
  readonly #captured: CapturedConversation;
  #normalized: Record<FormatName, number> = { messages: 0, tree: 0, stream: 0 };
  #formatsOf: { pages: number; tree: number; streams: number; formats: HeldFormats } | null = null;
  #inspected: {
    formats: HeldFormats;
    revision: number;
    account: AdAccount | null;
    inspection: Inspection | null;
  } | null = null;
  #messagesFormat: Conversation | null = null;
  #treeFormat: Conversation | null = null;
  #comparison: FormatComparison | null = null;
  #streamFormat: { conversation: Conversation; turns: StreamedTurn[] } | null = null;

  constructor(captured: CapturedConversation) {
    this.#captured = captured;
  }

  /** How often each format was normalized: an unchanged tree poll adds nothing. */
  normalizations(): Record<FormatName, number> {
    return { ...this.#normalized };
  }

  /** The formats as one conversation (site-interface 9.1: the messages format wins, the streams come last). */
  formats(): HeldFormats {
    const {
      pages,
      pages: { conversationId },
    } = this.#captured;
    const tree = this.#captured.tree();
    const streams = this.#captured.streamVersion;
    const cached = this.#formatsOf;
    if (cached?.pages === pages.version && cached.tree === tree.version && cached.streams === streams)
      return cached.formats;
    const warnings: string[] = [];
    const fetchedChanged = cached?.pages !== pages.version || cached.tree !== tree.version;
    if (cached?.pages !== pages.version) {
      this.#messagesFormat =
        pages.raw().length === 0
          ? null
          : this.#normalize('messages', () => normalizeMessagesFormat(pages.raw()), warnings);
    }
    if (cached?.tree !== tree.version && tree.json !== null) {
      const json = tree.json;
      this.#treeFormat = this.#normalize('tree', () => normalizeTreeFormat(json), warnings);
    }
    if (fetchedChanged)
      this.#comparison =
        this.#messagesFormat !== null && this.#treeFormat !== null
          ? compareFormats(this.#messagesFormat, this.#treeFormat)
          : null;
    if (cached?.streams !== streams) {
      const turns = this.#captured.streamedTurns();
      if (turns.length > 0) this.#normalized.stream += 1;
      this.#streamFormat =
        turns.length === 0 ? null : { conversation: normalizeStreamedTurns(conversationId, turns), turns };
    }
    const merged = mergeConversationFormats({
      messages: this.#messagesFormat,
      tree: this.#treeFormat,
      stream: this.#streamFormat?.conversation ?? null,
      missingNotes: { tree: tree.note ?? undefined },
    });
    if (merged.ok) warnings.push(...merged.warnings);
    const comparison = this.#comparison;
    const formats: HeldFormats = {
      conversation: merged.ok ? merged.value : null,
      comparison: comparison !== null && merged.ok ? withStreamOnly(comparison, merged.value) : comparison,
      warnings,
      streamedTurns: this.#streamFormat?.turns ?? [],
    };
    this.#formatsOf = { pages: pages.version, tree: tree.version, streams, formats };
    return formats;
  }

  /** The inspection, or null while no format of the conversation is held. */
  inspection(account: AdAccount | null): Inspection | null {
    const formats = this.formats();
    const revision = this.#captured.contentRevision;
    const kept = this.#inspected;
    if (kept?.formats === formats && kept.revision === revision && kept.account === account)
      return kept.inspection;
    const { conversation, comparison, streamedTurns } = formats;
    const inspection =
      conversation === null
        ? null
        : inspect({
            conversation,
            adsReport: this.#captured.ads(),
            streamedTurns,
            account,
            products: this.#captured.products(),
            transportObservation: this.#captured.transport(),
            formats: comparison,
          });
    this.#inspected = { formats, revision, account, inspection };
    return inspection;
  }

  #normalize(format: FormatName, run: () => Result<Conversation>, warnings: string[]): Conversation | null {
    this.#normalized[format] += 1;
    const result = run();
    if (!result.ok) {
      warnings.push(result.error.message);
      return null;
    }
    warnings.push(...result.warnings);
    return result.value;
  }
}
