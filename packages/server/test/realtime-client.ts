import { REALTIME_CONTROL_TYPES, REALTIME_PATH } from '@regie/contract/realtime';
import { WebSocket } from 'ws';

export interface ReceivedMessage {
  type: string;
  topic?: string;
  payload?: unknown;
  [key: string]: unknown;
}

/** A WebSocket client for tests: keeps every message, waits for one matching, or for the close. */
export class RealtimeClient {
  readonly messages: ReceivedMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly socket: WebSocket;
  private readonly opened: Promise<void>;

  /** autoPong false: a client that never answers the server's pings. */
  constructor(baseUrl: string, options: { autoPong?: boolean } = {}) {
    this.socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`, {
      autoPong: options.autoPong ?? true,
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => {
      this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    this.socket.on('message', (data) => this.messages.push(JSON.parse(String(data)) as ReceivedMessage));
  }

  async send(message: unknown): Promise<void> {
    await this.opened;
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async waitFor(match: (message: ReceivedMessage) => boolean, timeoutMs = 5_000): Promise<ReceivedMessage> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = this.messages.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no matching message; got ${JSON.stringify(this.messages)}`);
  }

  /** Authenticates and subscribes; resolves once the server confirmed both. */
  async connect(auth: { token: string; accountKey?: string }, topics: string[] = ['/admin/**']): Promise<this> {
    await this.send({ type: 'auth', ...auth });
    await this.waitFor((message) => message.type === 'ready');
    for (const topic of topics) {
      await this.send({ type: 'subscribe', topic });
      await this.waitFor((message) => message.type === 'subscribed' && message.topic === topic);
    }
    return this;
  }

  events(): ReceivedMessage[] {
    const control: readonly string[] = REALTIME_CONTROL_TYPES;
    return this.messages.filter((message) => !control.includes(message.type));
  }

  close(): void {
    this.socket.close();
  }
}
