import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { subscribeReply, type TopicMessage, type TurnStreamPayload, topicMessage } from './live-wire';

/** Which socket a client opened: the document's at chatgpt.com/ws/chat, or the live site's on ws.chatgpt.com. */
export type SocketForm = 'document' | 'live';

interface Topic {
  /** Everything published so far, for the catch-ups of a late subscriber. */
  history: TopicMessage[];
  subscribers: Set<WebSocket>;
  onSubscribe: Array<() => void>;
}

/**
 * The site's WebSockets. Document form (site-interface 6): answers arrive as `{"type": "stream-item",
 * "conversation_id", "data"}` frames; every open socket gets every frame and the page keeps those of its
 * own conversation. Live form (site-interface 10.1): a client subscribes to a turn's topic
 * (`{"type":"subscribe","topic_id"}`), gets what the topic sent before as catch-ups, then each item as an
 * array frame of topic messages. The last item it caught up on also arrives live once more, as when a
 * subscription races an item in flight: a catch-up duplicate with the same stream_item_id.
 */
export class WebSocketHub {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly documentSockets = new Set<WebSocket>();
  private readonly liveSockets = new Set<WebSocket>();
  private readonly topics = new Map<string, Topic>();

  accept(request: IncomingMessage, socket: Duplex, head: Buffer, form: SocketForm): void {
    this.server.handleUpgrade(request, socket, head, (client) => {
      const sockets = form === 'document' ? this.documentSockets : this.liveSockets;
      sockets.add(client);
      client.on('close', () => {
        sockets.delete(client);
        for (const topic of this.topics.values()) topic.subscribers.delete(client);
      });
      if (form === 'live') client.on('message', (data) => this.command(client, String(data)));
      else
        client.send(
          JSON.stringify({ type: 'connection-ack', connection_id: `conn_${Date.now().toString(36)}` }),
        );
    });
  }

  sendStreamItem(conversationId: string, data: unknown): void {
    const frame = JSON.stringify({ type: 'stream-item', conversation_id: conversationId, data });
    for (const socket of this.documentSockets) socket.send(frame);
  }

  /** Sends one stream item (or the closing 'done') of a turn to the topic's subscribers. */
  publish(topicId: string, payload: TurnStreamPayload): void {
    const topic = this.topic(topicId);
    const message = topicMessage(topicId, payload);
    topic.history.push(message);
    for (const socket of topic.subscribers) socket.send(JSON.stringify([message]));
  }

  /** Resolves when a client subscribes to the topic (at once if one has), or after `timeoutMs`. */
  subscribed(topicId: string, timeoutMs: number): Promise<void> {
    const topic = this.topic(topicId);
    if (topic.subscribers.size > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      topic.onSubscribe.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  close(): void {
    for (const socket of [...this.documentSockets, ...this.liveSockets]) socket.terminate();
    this.documentSockets.clear();
    this.liveSockets.clear();
    this.server.close();
  }

  private topic(topicId: string): Topic {
    let topic = this.topics.get(topicId);
    if (topic === undefined) {
      topic = { history: [], subscribers: new Set(), onSubscribe: [] };
      this.topics.set(topicId, topic);
    }
    return topic;
  }

  /** A client's commands: one object or an array of them; only subscribe is answered. */
  private command(client: WebSocket, text: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    for (const command of Array.isArray(parsed) ? parsed : [parsed]) {
      const { type, topic_id: topicId, id } = (command ?? {}) as Record<string, unknown>;
      if (type !== 'subscribe' || typeof topicId !== 'string') continue;
      const topic = this.topic(topicId);
      topic.subscribers.add(client);
      client.send(JSON.stringify([subscribeReply(id, topicId, topic.history)]));
      const last = topic.history.at(-1);
      if (last !== undefined) client.send(JSON.stringify([last]));
      for (const notify of topic.onSubscribe.splice(0)) notify();
    }
  }
}
