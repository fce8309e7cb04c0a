import { describe, expect, it } from 'vitest';
import { createMobileWebTurnReader } from '@/lib/model/mobile-web-turn';
import { VERIFY_PROMPT_MARK } from '@/tests/replica/handlers/mobile-web';
import { REFUSED_PROMPT_MARK } from '@/tests/replica/handlers/submit-prompt';
import { asPage, call, replicaPerFile } from './replica-client';

const context = replicaPerFile();

/** One prompt of the mobile web page, as its form posts it (site-interface 10.16). */
const ask = (prompt: string, conversationId: string | null = null) =>
  call(context.replica, '/unauth-mweb/conversation/updates?lightweight_authenticated=0', {
    method: 'POST',
    headers: { ...asPage(context.replica), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      prompt,
      conversationState: JSON.stringify({ backendConversationId: conversationId }),
    }).toString(),
  });

const read = (text: string) => {
  const reader = createMobileWebTurnReader({ prompt: null });
  reader.feed(text);
  reader.end();
  return reader.turn();
};

/** The replica's signed-out chat on the mobile web surface. */
describe('the mobile web surface', () => {
  it('answers in HTML frames, piece by piece, naming the chat; the next prompt continues it', async () => {
    const first = await ask('Which ferry reaches Corvo?');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/vnd\.openai\.web-mobile-partial\+html/);
    expect(first.chunkTimes.length).toBeGreaterThan(3);
    const turn = read(first.text);
    expect(turn).toMatchObject({ complete: true, answered: true, refusal: null });
    expect((turn.messages[0]?.content as { parts: string[] } | undefined)?.parts[0]).toMatch(
      /^About “Which ferry reaches Corvo\?”/,
    );
    const next = read((await ask('And back?', turn.conversationId)).text);
    expect(next.conversationId).toBe(turn.conversationId);
  });

  it('refuses a distrusted guest before the stream, or inside it', async () => {
    const before = await ask(`${REFUSED_PROMPT_MARK} again`);
    expect(before.status).toBe(403);
    expect(before.text).toContain('Chat verification required');
    const inside = await ask(`${VERIFY_PROMPT_MARK} again`);
    expect(inside.status).toBe(200);
    expect(read(inside.text).refusal).toEqual({ status: 403, words: 'Chat verification required' });
  });
});
