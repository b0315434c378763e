import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { recordLabel, referenceLocation, useReferencedRecords } from '../api/resource-queries.ts';

/**
 * A reference field's list cell: the referenced record's name rather than its id (one request per
 * distinct record, shared with the forms' reference fields through the query cache).
 */
export function ReferenceCell({ reference, id }: { reference: string; id: number }) {
  const location = useMemo(() => referenceLocation(reference), [reference]);
  const ids = useMemo(() => [id], [id]);
  const record = useReferencedRecords(location, ids).get(id);
  return (
    <Text span size="sm">
      {record ? recordLabel(record) : `#${id}`}
    </Text>
  );
}
