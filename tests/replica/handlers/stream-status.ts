import { sendJson } from '@/tests/replica/http-helpers';
import type { HandlerContext } from './context';

/** site-interface 4.5: GET /conversation/{id}/stream_status (also under /backend-api). */
export function handleStreamStatus(context: HandlerContext, conversationId: string): void {
  const status = context.state.isStreaming(conversationId) ? 'IS_STREAMING' : 'IDLE';
  sendJson(context.response, 200, { status });
}
