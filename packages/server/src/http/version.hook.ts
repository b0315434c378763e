import { API_VERSION, HEADER_ACCEPT_VERSION, isApiPath } from '@regie/contract/api';
import { HTTP_MESSAGES } from '@regie/contract/errors';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http.errors.ts';

/** Spec §7: every call says Accept-Version v6; a call that says nothing is taken as v6. */
export function checkApiVersion(request: FastifyRequest): void {
  if (!isApiPath(request.url)) return;
  const version = request.headers[HEADER_ACCEPT_VERSION];
  if (version === undefined || version === API_VERSION) return;
  throw badRequest(HTTP_MESSAGES.unsupportedVersion(String(version), API_VERSION));
}
