import { describe, expect, it } from 'vitest';
import { promptVariances } from '@/features/queries/prompt-variance';
import { inspect } from '@/lens/insights/inspection';
import { recordOfInspection } from '@/lens/library/record-of-inspection';
import { normalizeMessagesFormat } from '@/lib/model/messages-format';
import { otherBranches } from '@/lib/model/other-branches';
import { normalizeTreeFormat } from '@/lib/model/tree-format';
import { buildConversation, type ScriptEntry } from '@/tests/replica/fixtures/conversation-builder';
import { ASKED_AGAIN_PROMPT } from '@/tests/replica/fixtures/conversations/asked-again';
import { storedConversation } from '@/tests/replica/fixtures/fixture-helpers';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { assistant, hiddenSystem, user } from '@/tests/replica/fixtures/message-specs';
import { messagesResponse } from '@/tests/replica/fixtures/messages-format';
import { treeResponse } from '@/tests/replica/fixtures/tree-format';

/**
 * An answer that searched. The tree lacks the web-search tool's messages (site-interface 2.4), so the
 * queries are those the answer's own metadata names, which the tree keeps.
 */
const searched = (queries: string[], answer: string): ScriptEntry[] => [
  assistant(answer, { metadata: { search_model_queries: { type: 'search_model_queries', queries } } }),
];

/**
 * A prompt whose answer was regenerated (the first answer searched otherwise), then a prompt edited, the
 * edited version followed by a prompt of its own. The site shows the second answer and the first prompt.
 */
const STORED = buildConversation({
  id: 'c-versions',
  title: 'Boots',
  seed: 4,
  startTime: 1_790_000_000,
  model: 'gpt-5',
  entries: [
    hiddenSystem(),
    user('Best boots for wide feet?'),
    {
      branches: [
        searched(['wide boots'], 'First answer.'),
        searched(['wide boots', 'boots 2026'], 'Second.'),
      ],
      active: 1,
    },
    {
      branches: [
        [user('Which is lightest?'), assistant('The Lone Peak.')],
        [
          user('Which one is the lightest?'),
          ...searched(['lightest wide boot'], 'The Moab.'),
          user('And the cheapest?'),
          assistant('The Moab again.'),
        ],
      ],
      active: 0,
    },
  ],
});

const fromTree = () => {
  const read = normalizeTreeFormat(treeResponse(STORED));
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
};

describe('the versions of a prompt in the tree', () => {
  it('keeps each turn of a branch the site does not show, once, with the shown turn it answers again', () => {
    const record = recordOfInspection(inspect({ conversation: fromTree() }), {
      keepAnswerText: true,
      savedAt: 0,
    });
    expect(record?.turns.map((turn) => [turn.index, turn.prompt])).toEqual([
      [1, 'Best boots for wide feet?'],
      [2, 'Which is lightest?'],
    ]);
    expect(
      record?.versions.map((version) => [
        version.versionOf,
        version.prompt,
        version.answer,
        version.queries.map((query) => query.text),
      ]),
    ).toEqual([
      [1, 'Best boots for wide feet?', 'First answer.', ['wide boots']],
      [2, 'Which one is the lightest?', 'The Moab.', ['lightest wide boot']],
      [null, 'And the cheapest?', 'The Moab again.', []],
    ]);
    const variances = promptVariances(record === null ? [] : [record], null);
    expect(
      variances.map((variance) => [variance.prompt, variance.versions, variance.branchVersions]),
    ).toEqual([
      ['Which is lightest?', 2, 1],
      ['Best boots for wide feet?', 2, 1],
    ]);
    // {wide boots} against {wide boots, boots 2026}.
    expect(variances[1]?.queryOverlap).toBe(0.5);
  });

  it('has no other branch without the tree: the messages format holds the shown one alone', () => {
    const read = normalizeMessagesFormat([messagesResponse(STORED, { numTurns: 100 })]);
    if (!read.ok) throw new Error(read.error.message);
    expect(otherBranches(read.value)).toEqual([]);
  });
});

describe('the replica chats that ask one prompt again', () => {
  it('are one prompt of three versions, its overlaps worked out by hand', () => {
    const records = (['askedAgainOne', 'askedAgainTwo', 'askedAgainThree'] as const).flatMap((name) => {
      const read = normalizeMessagesFormat([
        messagesResponse(storedConversation(FIXTURE_IDS[name]), { numTurns: 100 }),
      ]);
      if (!read.ok) throw new Error(read.error.message);
      return (
        recordOfInspection(inspect({ conversation: read.value }), { keepAnswerText: false, savedAt: 0 }) ?? []
      );
    });
    const [pasteis, ...rest] = promptVariances(records, null);
    expect(rest).toEqual([]);
    expect(pasteis).toMatchObject({
      prompt: ASKED_AGAIN_PROMPT,
      versions: 3,
      conversations: 3,
      searchedShare: 1,
      stableQueries: ['best pastel de nata lisbon'],
      stableDomains: ['timeout.com', 'eater.com'],
    });
    // Queries: 1/2, 1/3, 1/2. Domains {timeout, eater}, {timeout, guardian}, {tasteatlas, eater, timeout}:
    // 1/3, 2/3, 1/4.
    expect(pasteis?.queryOverlap).toBeCloseTo(4 / 9, 12);
    expect(pasteis?.domainOverlap).toBeCloseTo((1 / 3 + 2 / 3 + 1 / 4) / 3, 12);
  });
});
