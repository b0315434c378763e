import { JOB_MESSAGES } from '@regie/contract/jobs';
import { isMessage, type Message } from '@regie/contract/messages';
import { renderMessage } from '@regie/contract/messages.render';

/**
 * An error whose reason is a Message of the contract's catalogs: what the HTTP answer renders in
 * the request's language, what a failed job and video store. Its `message` is the English
 * rendering, for logs and stack traces.
 */
export class MessageError extends Error {
  readonly reason: Message;

  constructor(reason: Message, options?: { cause?: unknown }) {
    super(renderMessage(reason, 'en'), options);
    this.name = 'MessageError';
    this.reason = reason;
  }
}

/**
 * The reason of an error as a Message: its own when it carries one; otherwise (an error no
 * catalog names, say a bug or a driver's) the catalogued `JOB_MESSAGES.failed` with the error's
 * words as its parameter.
 */
export function reasonOf(error: unknown): Message {
  if (error instanceof MessageError) return error.reason;
  if (isMessage(error)) return error;
  return JOB_MESSAGES.failed(error instanceof Error ? error.message : String(error));
}
