import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReplicaCredentials } from '@/tests/replica/auth';
import type { ReplicaState } from '@/tests/replica/replica-state';
import type { WebSocketHub } from '@/tests/replica/websocket';

/** What every endpoint handler gets: the request, its response, and the replica around it. */
export interface HandlerContext {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  state: ReplicaState;
  credentials: ReplicaCredentials;
  hub: WebSocketHub;
  now: () => number;
}
