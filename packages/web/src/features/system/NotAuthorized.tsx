import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { T } from '../../i18n/T.tsx';
import { homepageOf } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';

/**
 * /notauthorized?nextPathname=… (spec §2): the user lacks a role or module for that page. The top
 * bar carries the page title.
 */
export function NotAuthorized() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const path = params.get('nextPathname') ?? '';
  return (
    <Paper withBorder radius="lg" p="xl" maw={640}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={48} radius="xl" color="red" variant="light">
          <IconLock size={26} aria-hidden />
        </ThemeIcon>
        <Text>
          <T k="notAuthorized.text" values={{ path }} />
        </Text>
        <Button component={Link} to={user ? homepageOf(user) : '/'}>
          <T k="notAuthorized.home" />
        </Button>
      </Stack>
    </Paper>
  );
}
