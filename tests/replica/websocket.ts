import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * The site's WebSocket at wss://chatgpt.com/ws/chat. Answers of WebSocket scenarios arrive here as
 * `{"type": "stream-item", "conversation_id", "data"}` frames (interface 6); every open socket gets every
 * frame and the page keeps those of its own conversation.
 */
export class WebSocketHub {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly sockets = new Set<WebSocket>();

  accept(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(request, socket, head, (client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.send(
        JSON.stringify({ type: 'connection-ack', connection_id: `conn_${Date.now().toString(36)}` }),
      );
    });
  }

  sendStreamItem(conversationId: string, data: unknown): void {
    const frame = JSON.stringify({ type: 'stream-item', conversation_id: conversationId, data });
    for (const socket of this.sockets) socket.send(frame);
  }

  close(): void {
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
    this.server.close();
  }
}
