import { describe, expect, it } from 'vitest';
import { readStreamFrame } from '@/lib/capture/stream-frame';
import { withoutSecrets } from '@/lib/capture/stream-secrets';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { streamItem, topicMessage } from '@/tests/replica/live-wire';
import { answerStreamFixture } from '@/tests/unit/fixtures/read-fixture';
import {
  ALL_CANARIES,
  everyResumeEvent,
  RESUME_CANARIES,
  resumeEventText,
} from '@/tests/unit/fixtures/resume-canaries';

const conversationId = '6a1f0c2e-5b7d-4e88-9a10-3c5e7f2b9d41';

/** The live answer with a resume token of each kind, in each form, after its first event. */
function withEveryToken(stream: string): string {
  const cut = stream.indexOf('\n\n') + 2;
  return stream.slice(0, cut) + everyResumeEvent(conversationId) + stream.slice(cut);
}

const expectNoCanary = (value: unknown): void => {
  const text = JSON.stringify(value);
  for (const canary of ALL_CANARIES) expect(text).not.toContain(canary);
};

describe('withoutSecrets, the 2026 resume tokens', () => {
  it('drops a `conduit` and a `topic` resume token in every form, and keeps every other event', () => {
    const stream = answerStreamFixture('live');
    const planted = withEveryToken(stream);
    for (const canary of Object.values(RESUME_CANARIES)) expect(planted).toContain(canary);
    expect(withoutSecrets(planted)).toBe(withoutSecrets(stream));
    expectNoCanary(withoutSecrets(planted));
  });

  it('leaves the stream reader nothing of either token, and the answer whole', () => {
    const stream = answerStreamFixture('live');
    const turn = readStreamedTurn(withoutSecrets(withEveryToken(stream)));
    expectNoCanary(turn);
    expect(turn).toEqual(readStreamedTurn(withoutSecrets(stream)));
  });

  it('drops a `topic` token riding in a WebSocket stream item', () => {
    const topic = 'conversation-turn-b81e';
    const frame = JSON.stringify([
      topicMessage(topic, streamItem('si-1', resumeEventText('topic', conversationId, 'spaced'))),
      topicMessage(topic, streamItem('si-2', resumeEventText('conduit', conversationId, 'token-first'))),
    ]);
    const items = readStreamFrame(frame);
    expect(items.map((item) => item.text)).toEqual(['', '']);
    expectNoCanary(items);
  });
});
