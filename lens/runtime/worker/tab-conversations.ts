import { ConversationHolding } from '@/lens/holding/conversation-holding';

/** Conversations held per tab: going back to one just left costs nothing, a long session stays bounded. */
const HELD_CONVERSATIONS_PER_TAB = 3;

/**
 * The conversations one tab showed, each its own holding (several per tab, independent), the oldest let
 * go once more than HELD_CONVERSATIONS_PER_TAB are held.
 */
export class TabConversations {
  readonly #now: () => number;
  readonly #holdings = new Map<string, ConversationHolding>();

  constructor(now: () => number) {
    this.#now = now;
  }

  /** The holding of a conversation the tab showed, or null. */
  find(conversationId: string): ConversationHolding | null {
    return this.#holdings.get(conversationId) ?? null;
  }

  /** The holding of the conversation, made empty when the tab never held it; `made` says which. */
  hold(conversationId: string): { holding: ConversationHolding; made: boolean } {
    const held = this.#holdings.get(conversationId);
    if (held !== undefined) return { holding: held, made: false };
    const holding = new ConversationHolding(conversationId, { now: this.#now });
    this.#holdings.set(conversationId, holding);
    for (const old of this.#holdings.keys()) {
      if (this.#holdings.size <= HELD_CONVERSATIONS_PER_TAB) break;
      if (old !== conversationId) this.#holdings.delete(old);
    }
    return { holding, made: true };
  }

  clear(): void {
    this.#holdings.clear();
  }
}
