import { request } from 'node:https';
import { createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStreamedTurn } from '@/lib/model/streamed-turn';
import { FIXTURE_IDS } from '@/tests/replica/fixtures/ids';
import { RESUME_PATH } from '@/tests/replica/handlers/submit-prompt';
import { RESUME_TOKEN_CANARY } from '@/tests/replica/live-wire';
import { type Replica, startReplica } from '@/tests/replica/server';
import { asPage, submitPrompt } from './replica-client';

let replica: Replica;
beforeAll(async () => {
  replica = await startReplica();
});
afterAll(() => replica.close());

const ID = FIXTURE_IDS.liveSearchHandoff;

/** A resume call, its gzip body read as the page's fetch reads it. */
function resume(offset: number): Promise<{ status: number; encoding: unknown; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port: replica.port,
        servername: 'chatgpt.com',
        path: RESUME_PATH,
        method: 'POST',
        headers: { host: 'chatgpt.com', ...asPage(replica), 'content-type': 'application/json' },
        rejectUnauthorized: false,
      },
      (response) => {
        const gzipped = response.headers['content-encoding'] === 'gzip';
        const body = gzipped ? response.pipe(createGunzip()) : response;
        let text = '';
        body.setEncoding('utf8');
        body.on('data', (chunk: string) => {
          text += chunk;
        });
        body.on('end', () =>
          resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], text }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify({ conversation_id: ID, offset }));
  });
}

describe('the handoff to resume_sse_endpoint (site-interface 10.15)', () => {
  it('hands the answer to the resume call, which streams it gzip in the live forms, then answers 410', async () => {
    replica.setOverride(ID, { handoff: 'resume-sse', answerPauseMs: 5 });
    const submitted = submitPrompt(replica, ID, 'Which rain jacket breathes best?');
    const handoff = await submitted;
    expect(handoff.text).toContain('"type": "resume_sse_endpoint"');
    const resumed = await resume(0);
    expect(resumed).toMatchObject({ status: 200, encoding: 'gzip' });
    expect(resumed.text).toContain('\r\n\r\n');
    expect(resumed.text).toMatch(/: ping - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}\+00:00\r\n\r\n/);
    expect(resumed.text).toMatch(/data: \{"o": "add", "v": \{"message"/);
    expect(resumed.text).toMatch(/\} {4}\r?\n\r?\n/);
    // The resume token went with the handoff; the resumed part carries none.
    expect(resumed.text).not.toContain(RESUME_TOKEN_CANARY);
    const turn = readStreamedTurn(resumed.text);
    expect(turn.warnings).toEqual([]);
    expect(turn.complete).toBe(true);
    expect(turn.messages.some((message) => JSON.stringify(message).includes('search_model_queries'))).toBe(
      true,
    );
    expect(turn.ads).toHaveLength(1);
    // The answer is stored now: a late resume is told so.
    const late = await resume(3);
    expect(late.status).toBe(410);
    expect(late.text).toContain('persisted_final_available');
    replica.setOverride(ID, null);
  });
});
