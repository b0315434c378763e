import { STATUS_CODES } from 'node:http';
import { ACTING_MESSAGES } from '@regie/contract/acting';
import { HEADER_ACCOUNT_KEY } from '@regie/contract/api';
import { AUTH_MESSAGES } from '@regie/contract/auth';
import type { Message } from '@regie/contract/messages';
import { MessageError } from '../common/message.error.ts';

export interface FieldError {
  path: string;
  message: Message;
}

/**
 * An error meant for the client: the error handler sends its status, and its message rendered in
 * the request's language.
 */
export class HttpError extends MessageError {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: Message,
    options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export function statusText(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

export const badRequest = (message: Message, errors?: FieldError[]) =>
  new HttpError(400, message, errors ? { errors } : {});
export const unauthorized = (message: Message) => new HttpError(401, message);
export const forbidden = (message: Message = AUTH_MESSAGES.notAuthorised) => new HttpError(403, message);
export const notFound = (message: Message) => new HttpError(404, message);

/**
 * 403 for another account's x-account-key without an open acting session for it (issue 26). The
 * header is named as the field in error, so the web client knows to ask for the account again.
 */
export const actingRequired = () =>
  new HttpError(403, ACTING_MESSAGES.required, {
    errors: [{ path: HEADER_ACCOUNT_KEY, message: ACTING_MESSAGES.required }],
  });
