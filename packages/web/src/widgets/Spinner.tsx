import { Center, Loader, type LoaderProps } from '@mantine/core';
import { useT } from '../i18n/use-t.ts';

/** A loading indicator that assistive technologies announce as 'Loading'. */
export function Spinner(props: LoaderProps) {
  const t = useT();
  return (
    <Center py="xl" role="status" aria-label={t('app.loading')}>
      <Loader {...props} />
    </Center>
  );
}
