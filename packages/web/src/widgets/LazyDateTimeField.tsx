import { TextInput } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { DateTimeField as Field } from './DateTimeField.tsx';

// The date picker (@mantine/dates and its styles) is fetched with the first form that shows a
// date, not with every signed-in screen: a list page never needs it.
const DateTimeField = lazy(() => import('./DateTimeField.tsx').then((module) => ({ default: module.DateTimeField })));

type Props = ComponentProps<typeof Field>;

/** DateTimeField, fetched on first use; until then a read-only input of the same size and label. */
export function LazyDateTimeField(props: Props) {
  const { label, description, required, error } = props;
  return (
    <Suspense
      fallback={
        <TextInput
          label={label}
          description={description}
          required={required}
          error={error}
          value={props.value ?? ''}
          readOnly
        />
      }
    >
      <DateTimeField {...props} />
    </Suspense>
  );
}
