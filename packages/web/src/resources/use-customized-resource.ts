import { useMemo } from 'react';
import { useAccessSubject } from '../session/access.ts';
import type { AnyResource, ResourceRecord } from './any-resource.ts';
import { customizeResource, type ResourceCustomization } from './customization.ts';

/** The declaration with its customisation applied for this user and this record. */
export function useCustomizedResource(
  resource: AnyResource,
  custom: ResourceCustomization | undefined,
  record: ResourceRecord | null,
  creating: boolean,
): AnyResource {
  const subject = useAccessSubject();
  return useMemo(
    () => customizeResource(resource, custom, { subject, record, creating }),
    [resource, custom, subject, record, creating],
  );
}
