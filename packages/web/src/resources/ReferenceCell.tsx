import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useReferencedRecord } from '../api/reference-labels.ts';
import { recordLabel, referenceLocation } from '../api/resource-queries.ts';

/**
 * A reference field's list cell: the referenced record's name rather than its id. The cells of a
 * page ask together, so a page costs one request per referenced resource (reference-labels.ts).
 */
export function ReferenceCell({ reference, id }: { reference: string; id: number }) {
  const location = useMemo(() => referenceLocation(reference), [reference]);
  const record = useReferencedRecord(location, id);
  return (
    <Text span size="sm">
      {record ? recordLabel(record) : `#${id}`}
    </Text>
  );
}
