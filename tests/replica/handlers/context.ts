import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ReplicaCredentials } from '../auth';
import type { ReplicaState } from '../replica-state';
import type { WebSocketHub } from '../websocket';

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
