import { type AccessSubject, holdsReadOnly, isPlatformAdmin, satisfies } from '../access.ts';
import type { ResourceDefinition } from './define.ts';

/** What a call does to a resource: GET reads, every other method writes. */
export type ResourceOperation = 'read' | 'write';

/**
 * The resource's access rule for one operation (spec §5, §6), the one the server applies and the
 * web client checks before sending, so a refused call never leaves the browser. Reading takes the
 * declared read rule (read_only grants nothing of its own); writing takes the write rule, never
 * with read_only held by the person, and platform records only from a platform administrator.
 */
export function mayUseResource(
  subject: AccessSubject,
  resource: Pick<ResourceDefinition, 'access' | 'tenancy'>,
  operation: ResourceOperation,
): boolean {
  if (operation === 'read') return satisfies(subject, resource.access.read);
  if (holdsReadOnly(subject.roles) || !satisfies(subject, resource.access.write)) return false;
  return resource.tenancy !== 'platform' || isPlatformAdmin(subject);
}
