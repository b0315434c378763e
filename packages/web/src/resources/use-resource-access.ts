import { canWrite, isPlatformAdmin } from '@regie/contract/access';
import { useAccessSubject } from '../session/access.ts';
import type { AnyResource } from './any-resource.ts';

/**
 * What the user may do with a resource: write (its access rule; a read_only user never, as on
 * the server: contract canWrite), and
 * whether they see every account's records (a platform admin acting for no account).
 */
export function useResourceAccess(resource: Pick<AnyResource, 'access' | 'tenancy'>) {
  const subject = useAccessSubject();
  const allAccounts = isPlatformAdmin(subject) && !subject.simulatedAccount;
  return {
    canWrite: canWrite(subject, resource.access.write),
    /** Show the owning account of each record. */
    showAccount: allAccounts && resource.tenancy !== 'platform',
  };
}
