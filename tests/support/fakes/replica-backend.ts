import {
  getConversation,
  messagesResponse,
  type StoredConversation,
  treeResponse,
} from '@/tests/replica/fixtures/formats';
import { SCENARIOS } from '@/tests/replica/fixtures/scenarios';
import { type Handler, jsonResponse } from './fake-backend';

/**
 * The two conversation endpoints of the replica (site-interface 4.1 and site-interface 4.2) over its pure
 * fixture module, so a loader test needs no server: the loader only ever sees a fetch function.
 */
export function replicaHandler(
  conversationFor: (id: string) => StoredConversation | undefined = getConversation,
): Handler {
  return ({ url }) => {
    const messages = /^\/backend-api\/conversations\/([^/]+)$/.exec(url.pathname);
    const tree = /^\/backend-api\/conversation\/([^/]+)$/.exec(url.pathname);
    const id = decodeURIComponent((messages ?? tree)?.[1] ?? '');
    const conversation = conversationFor(id);
    if (conversation === undefined) return jsonResponse({ detail: 'Conversation not found' }, 404);
    if (tree !== null) {
      if (SCENARIOS[id]?.treeMissing === true) return jsonResponse({ detail: 'Conversation not found' }, 404);
      return jsonResponse(treeResponse(conversation));
    }
    const numTurns = Number(url.searchParams.get('num_turns') ?? '100');
    const before = url.searchParams.get('before') ?? undefined;
    try {
      return jsonResponse(messagesResponse(conversation, { numTurns, before }));
    } catch {
      return jsonResponse({ detail: 'Invalid cursor' }, 400);
    }
  };
}
