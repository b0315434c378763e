import pg from 'pg';

/** What the listening connection is called in pg_stat_activity, so an operator can find it. */
export const LISTENER_APPLICATION_NAME = 'regie-realtime-listener';
const FIRST_BACKOFF_MS = 100;

export interface PostgresListenerOptions {
  url: string;
  channel: string;
  /** The longest wait between two attempts to listen again; the first waits 100 ms, then doubles. */
  maxBackoffMs: number;
  /** Each notification's payload on the channel, in the order PostgreSQL delivers them. */
  onNotification: (payload: string) => void;
  onError: (error: unknown) => void;
  /**
   * The listener was lost, an attempt to listen again failed, or it listens again: whatever was
   * notified meanwhile never arrived, so what was derived from events must not be trusted.
   */
  onResync: () => void;
}

/**
 * The connection that LISTENs on the hub's channel (realtime.postgres.ts), kept listening: a lost
 * connection is replaced with backoff, each loss and each return said through onResync. Its own
 * class so that its reconnection can be tested without a hub around it.
 */
export class PostgresListener {
  #client: pg.Client | null = null;
  #closed = false;
  #retry: NodeJS.Timeout | null = null;
  #backoffMs = FIRST_BACKOFF_MS;

  constructor(private readonly options: PostgresListenerOptions) {}

  /** True while a connection listens: events published now are received. */
  get listening(): boolean {
    return this.#client !== null;
  }

  /** The first LISTEN: throws when it cannot (the hub is not made); later losses are retried. */
  async start(): Promise<void> {
    await this.#listen();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const current = this.#client;
    this.#client = null;
    await current?.end().catch(() => undefined);
  }

  async #listen(): Promise<void> {
    const { url, channel, onNotification } = this.options;
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      // A listener only reads: without keepalive a silently dropped connection would never end.
      keepAlive: true,
    });
    // Until it listens, a failure belongs to this attempt (thrown below); after, it is a loss.
    let listening = false;
    let failure: unknown = null;
    let lost = false;
    const onLost = (error: unknown) => {
      if (!listening) {
        failure ??= error;
        return;
      }
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (this.#client === client) this.#client = null;
      if (this.#closed) return;
      this.options.onError(error);
      this.options.onResync();
      this.#schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('realtime listener connection ended')));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      if (failure) throw failure;
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    listening = true;
    this.#client = client;
  }

  #schedule(): void {
    if (this.#closed || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#listen().then(
        () => {
          this.#backoffMs = FIRST_BACKOFF_MS;
          // Anything notified between the loss and this LISTEN never reached this process.
          this.options.onResync();
        },
        (error: unknown) => {
          this.options.onError(error);
          this.options.onResync();
          this.#backoffMs = Math.min(this.#backoffMs * 2, this.options.maxBackoffMs);
          this.#schedule();
        },
      );
    }, this.#backoffMs);
  }
}
