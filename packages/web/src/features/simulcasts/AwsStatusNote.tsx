import { Alert } from '@mantine/core';
import { useT } from '../../i18n/use-t.ts';
import { useAwsStatus } from './simulcast-calls.ts';

/** Says whether the cloud media service runs aws simulcasts here, or the local engine does. */
export function AwsStatusNote() {
  const t = useT();
  const status = useAwsStatus(true);
  if (!status.data) return null;
  return status.data.configured ? (
    <Alert color="blue">{t('simulcast.aws.configured', { region: status.data.region ?? '' })}</Alert>
  ) : (
    <Alert color="yellow" role="status">
      {t('simulcast.aws.notConfigured')}
    </Alert>
  );
}
