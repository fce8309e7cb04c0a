import { describe, expect, it } from 'vitest';
import { readMessageFeedback } from '@/lib/model/message-feedback';
import { messageFeedbackJson } from '@/tests/unit/fixtures/data-export-side-files';

describe("a data export's message_feedback.json (site-interface 10.8)", () => {
  it('keeps each rated answer under its conversation, the thumbs as up and down, and no user id', () => {
    const feedback = readMessageFeedback(messageFeedbackJson('conv-trail-1', 'answer-7'));
    expect(feedback.byConversation.get('conv-trail-1')).toEqual([
      { messageId: 'answer-7', rating: 'up', ratedAt: 1773480500000 },
      { messageId: 'another-answer', rating: 'down', ratedAt: null },
    ]);
    expect(JSON.stringify([...feedback.byConversation])).not.toContain('FeedbackOwner42');
    expect(feedback.unreadable).toBe(1);
  });

  it('keeps a rating it does not know as it comes, and reads a list under a member', () => {
    const feedback = readMessageFeedback({ feedback: [{ conversation_id: 'c', rating: 'stars-4' }, 7] });
    expect(feedback.byConversation.get('c')?.[0]?.rating).toBe('stars-4');
    expect(feedback.unreadable).toBe(1);
  });

  it.each([null, 'x', {}, []])('reads %j as no rating, without throwing', (file) => {
    expect(readMessageFeedback(file)).toEqual({ byConversation: new Map(), unreadable: 0 });
  });
});
