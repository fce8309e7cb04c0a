import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answeredBy, modelsAnswering } from '@/lens/library/model-scope';
import { ad, libraryConversation, offer, turn } from '@/tests/support/library-records';

const mixed = libraryConversation(
  'c1',
  [turn(1, { model: 'gpt-5' }), turn(2, { model: 'gpt-6' }), turn(3, { model: null })],
  {
    models: ['gpt-5', 'gpt-6'],
    versions: [{ ...turn(1, { model: 'gpt-6' }), versionOf: 1 }],
    ads: [ad({ turnIndex: 1 }), ad({ turnIndex: 2, advertiser: 'Zed' }), ad({ turnIndex: null })],
    offers: [offer()],
  },
);
const other = libraryConversation('c2', [turn(1, { model: 'gpt-5' })], { models: ['gpt-5'] });

describe('the answers of one model', () => {
  it('lists every model that answered, in reading order', () => {
    expect(modelsAnswering([other, mixed])).toEqual(['gpt-5', 'gpt-6']);
    expect(modelsAnswering([])).toEqual([]);
  });

  it("keeps a model's turns, versions and their ads; a turn or an ad naming none is its conversation's", () => {
    const [kept] = answeredBy([mixed], 'gpt-6');
    expect(kept?.turns.map((shown) => shown.index)).toEqual([2, 3]);
    expect(kept?.versions.map((version) => version.model)).toEqual(['gpt-6']);
    expect(kept?.ads.map((shown) => [shown.turnIndex, shown.advertiser])).toEqual([
      [2, 'Zed'],
      [null, 'Acme'],
    ]);
    expect(kept?.offers).toHaveLength(1);
  });

  it('leaves out a conversation the model never answered, and keeps all with no model chosen', () => {
    expect(answeredBy([mixed, other], 'gpt-6').map((record) => record.id)).toEqual(['c1']);
    expect(answeredBy([mixed, other], 'o9')).toEqual([]);
    const all = [mixed, other];
    expect(answeredBy(all, null)).toBe(all);
  });

  it('reads a turn under its own model alone, and one naming none under each model of its conversation', () => {
    const models = ['gpt-5', 'gpt-6', 'o3'];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...models, null), { minLength: 1, maxLength: 12 }),
        fc.subarray(models, { minLength: 1 }),
        (turnModels, conversationModels) => {
          const record = libraryConversation(
            'c',
            turnModels.map((model, index) => turn(index, { model })),
            { models: conversationModels },
          );
          const counted = models.map(
            (model) => answeredBy([record], model).flatMap((kept) => kept.turns).length,
          );
          const named = turnModels.filter((model) => model !== null).length;
          const unnamed = turnModels.length - named;
          expect(counted.reduce((sum, count) => sum + count, 0)).toBe(
            named + unnamed * conversationModels.length,
          );
        },
      ),
    );
  });
});
