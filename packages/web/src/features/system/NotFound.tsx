import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { T } from '../../i18n/T.tsx';
import { Logo } from '../../widgets/Logo.tsx';

/** The catch-all page (spec §2 'Not Found'). */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <Stack component="main" align="center" justify="center" gap="md" mih="100vh" bg="gray.0" p="md" ta="center">
      <Logo size={56} markOnly />
      <Title order={1}>
        <T k="notFound.title" />
      </Title>
      <Text c="dimmed">
        <T k="notFound.text" values={{ path: pathname }} />
      </Text>
      <Button component={Link} to="/">
        <T k="notFound.home" />
      </Button>
    </Stack>
  );
}
