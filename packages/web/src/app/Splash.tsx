import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { T } from '../i18n/T.tsx';
import { useT } from '../i18n/use-t.ts';
import { Logo } from '../widgets/Logo.tsx';

interface Props {
  /** Failed: the red full spinner of spec §4, with a way to try again. */
  failed?: boolean;
  onRetry?: () => void;
  message?: ReactNode;
}

/** The start screen's face (spec §2): logo, 'Welcome', 'Loading'. */
export function Splash({ failed = false, onRetry, message }: Props) {
  const t = useT();
  return (
    <Stack component="main" align="center" justify="center" gap="lg" mih="100vh" bg="gray.0" p="md">
      <Logo size={64} markOnly />
      <Title order={1}>
        <T k="app.welcome" />
      </Title>
      {failed ? (
        <Stack align="center" gap="md" role="alert">
          <Loader color="red.9" size={72} type="oval" aria-hidden />
          <Text fw={600} c="red.9">
            <T k="app.startFailed" />
          </Text>
          {onRetry && (
            <Button variant="default" onClick={onRetry}>
              <T k="app.retry" />
            </Button>
          )}
        </Stack>
      ) : (
        <Stack align="center" gap="xs" role="status" aria-label={t('app.loading')}>
          <Loader size="lg" aria-hidden />
          <Text c="dimmed">{message ?? <T k="app.loading" />}</Text>
        </Stack>
      )}
    </Stack>
  );
}
