import type { SocketLike } from './realtime-connection.ts';

/** A WebSocket that a unit test drives by hand: what the client sent, and the server's side. */
export class FakeSocket implements SocketLike {
  static created: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: { code?: number | undefined; reason?: string | undefined } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor() {
    FakeSocket.created.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.created.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code?: number, reason?: string): void {
    this.readyState = 3;
    this.closedWith = { code, reason };
  }

  /** The server accepts the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(message: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The server (or the network) ends the connection. */
  drop(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }

  /** Opens, answers the auth message with `ready` and confirms every subscription. */
  accept(accountId: number): void {
    this.open();
    this.receive({ type: 'ready', accountId, simulated: false });
  }

  subscribedTopics(): unknown[] {
    return this.sent.filter((message) => message.type === 'subscribe').map((message) => message.topic);
  }
}
