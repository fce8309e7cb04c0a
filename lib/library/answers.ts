import type { KeptConversation, KeptTurn } from './kept-record';

/** Prompts and queries are compared trimmed, spaces collapsed, case ignored. */
export const comparedText = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** A turn with a prompt: an answer to it. */
export type PromptedTurn<Turn extends KeptTurn = KeptTurn> = Turn & { prompt: string };

export const isPrompted = <Turn extends KeptTurn>(turn: Turn): turn is PromptedTurn<Turn> =>
  turn.prompt !== null;

/** One answer of a conversation, and the prompt it is a version of. */
export interface PromptAnswer<Turn extends KeptTurn = KeptTurn> {
  turn: Turn;
  /** The prompt as the turn shows it; a branch's first turn answers the shown prompt again. */
  prompt: string;
  /** It is read from a branch the site no longer shows. */
  branch: boolean;
}

/**
 * Every answer of a conversation to a prompt: the turns the site shows, then those of its branches
 * (architecture "Versions of a prompt"); a turn without a prompt answers none.
 */
export function* answersOf<Turn extends KeptTurn>(
  conversation: KeptConversation<Turn>,
): Generator<PromptAnswer<Turn>> {
  const shownPrompts = new Map(conversation.turns.map((turn) => [turn.index, turn.prompt]));
  const asked = (prompt: string | null): prompt is string => prompt !== null && prompt.trim() !== '';
  for (const turn of conversation.turns)
    if (asked(turn.prompt)) yield { turn, prompt: turn.prompt, branch: false };
  for (const version of conversation.versions) {
    // The first turn of a branch answers the shown prompt again, edited or not.
    const shown = version.versionOf === null ? undefined : shownPrompts.get(version.versionOf);
    const prompt = shown ?? version.prompt;
    if (asked(prompt)) yield { turn: version, prompt, branch: true };
  }
}
