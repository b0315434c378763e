import type { RealtimeHub } from '../realtime/realtime.hub.ts';

/**
 * The cluster's question about a live input (issue 27): a live node receiving an encoder for an
 * input whose lease another node holds asks that node, on the hub, whether it still packages it;
 * the holder answers while its publisher sends. No answer within HOLDER_ANSWER_MS: the holder is
 * gone (killed, cut off) and the asking node takes the input over. The supervisor decides what it
 * answers (live.supervisor.ts); this desk carries the questions and the answers.
 */

/**
 * Hub topic (outside any account, so no client can subscribe) where a live node receiving an
 * encoder asks whether the node holding the input's lease still packages it, and that node answers.
 */
export const INPUT_HOLDER_TOPIC = 'cluster/live-input';
export const INPUT_HOLDER_EVENTS = { ask: 'live.input.ask', mine: 'live.input.mine' } as const;
/** How long the asking node waits for the holder's answer before it takes the input over. */
export const HOLDER_ANSWER_MS = 500;
/**
 * A publisher that has sent nothing for this long gives way to its input's next publisher: its
 * connection has likely gone half-open (the encoder's network changed) and the encoder is back.
 * On this node, the next publish lets it go (and is refused, the encoder's next try publishes);
 * on another, this node does not answer its ask, so that node takes the input over, and this
 * one, its lease lost, lets the silent connection go.
 */
export const HOLDER_STALLED_MS = 3_000;

/** Who holds an input's lease, as read in the database (the ask and the answer carry it). */
export interface HolderOf {
  inputId: number;
  holder: string;
  token: number;
}

export function holderOf(payload: unknown): HolderOf | null {
  const value = payload as Partial<HolderOf> | null;
  return typeof value?.inputId === 'number' && typeof value.holder === 'string' && typeof value.token === 'number'
    ? { inputId: value.inputId, holder: value.holder, token: value.token }
    : null;
}

export const holderKey = (held: HolderOf) => `${held.inputId} ${held.holder} ${held.token}`;

export interface HolderDeskOptions {
  hub: RealtimeHub;
  /** This node's holder name: it answers the asks naming it. */
  holder: string;
  /** Whether this node answers an ask about a lease it may hold (it still packages the input). */
  answers: (held: HolderOf) => boolean;
  onError: (error: unknown, what: string) => void;
}

export type HolderAnswer = 'alive' | 'silent' | 'unasked';

export class HolderDesk {
  /** Asks of this node waiting for a holder's answer, by holderKey. */
  readonly #asks = new Map<string, () => void>();
  #stopListening: (() => void) | null = null;

  constructor(private readonly options: HolderDeskOptions) {}

  start(): void {
    this.#stopListening = this.options.hub.subscribe(INPUT_HOLDER_TOPIC, (_topic, event) => this.#onEvent(event));
  }

  stop(): void {
    this.#stopListening?.();
    this.#stopListening = null;
  }

  /** An answer wakes the ask waiting for it; an ask naming this node is answered when it holds the input. */
  #onEvent(event: { type: string; payload: unknown }): void {
    const held = holderOf(event.payload);
    if (!held) return;
    if (event.type === INPUT_HOLDER_EVENTS.mine) {
      this.#asks.get(holderKey(held))?.();
      return;
    }
    if (event.type !== INPUT_HOLDER_EVENTS.ask || held.holder !== this.options.holder) return;
    if (!this.options.answers(held)) return;
    void this.options.hub
      .publish(INPUT_HOLDER_TOPIC, { type: INPUT_HOLDER_EVENTS.mine, payload: held })
      .catch((error: unknown) => this.options.onError(error, 'live: a question about a held input not answered'));
  }

  /**
   * Asks the node holding an input's lease whether it still packages it: 'alive' when it answers
   * within HOLDER_ANSWER_MS, 'silent' when it does not (killed, or cut off from the cluster: its
   * writes are fenced once the lease is taken over), 'unasked' when the hub is away.
   */
  async ask(held: HolderOf): Promise<HolderAnswer> {
    const key = holderKey(held);
    let answered: () => void = () => undefined;
    const answer = new Promise<'alive'>((resolve) => {
      answered = () => resolve('alive');
    });
    this.#asks.set(key, answered);
    let timer: NodeJS.Timeout | undefined;
    try {
      const asked = await this.options.hub
        .publish(INPUT_HOLDER_TOPIC, { type: INPUT_HOLDER_EVENTS.ask, payload: held })
        .then(() => true)
        .catch((error: unknown) => {
          this.options.onError(error, 'live: the input’s holder not asked (hub away); waiting for its lease');
          return false;
        });
      if (!asked) return 'unasked';
      return await Promise.race([
        answer,
        new Promise<'silent'>((resolve) => {
          timer = setTimeout(() => resolve('silent'), HOLDER_ANSWER_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      if (this.#asks.get(key) === answered) this.#asks.delete(key);
    }
  }
}
