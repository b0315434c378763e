import { holdsReadOnly, READ_ONLY_KEPT_WRITES } from '@regie/contract/access';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './http.errors.ts';

const READS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Spec §6 read_only takes writing away everywhere (contract READ_ONLY_ROLE): one hook rather
 * than a check in every domain route, so a new route cannot forget it. It runs as a preValidation
 * hook, after the route's own guard has resolved the request's user (public routes have none) and
 * before the body is validated: a write is refused as such, not answered with its field errors.
 */
export function refuseReadOnlyWrites(request: FastifyRequest): void {
  if (READS.has(request.method) || !request.auth) return;
  // read_only, or a platform administrator acting for an account in read-only mode (issue 26).
  if (!holdsReadOnly(request.auth.user.roles) && !request.auth.acting?.readOnly) return;
  const path = request.url.split('?')[0];
  if (READ_ONLY_KEPT_WRITES.some((kept) => kept.method === request.method && kept.path === path)) return;
  throw forbidden();
}
