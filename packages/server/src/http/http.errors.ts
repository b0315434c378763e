import { STATUS_CODES } from 'node:http';
import { AUTH_MESSAGES } from '@regie/contract/auth';

export interface FieldError {
  path: string;
  message: string;
}

/** An error meant for the client: the error handler sends its status and message as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
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

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, errors ? { errors } : {});
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string = AUTH_MESSAGES.notAuthorised) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
