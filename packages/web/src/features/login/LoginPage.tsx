import { Box, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { LEGAL_YEARS } from '@regie/contract/ui';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isLanguage, UI_LANGUAGES } from '../../i18n/i18n.ts';
import { T } from '../../i18n/T.tsx';
import { useT } from '../../i18n/use-t.ts';
import { homepageOf, safeLastPath } from '../../session/access.ts';
import { useSession } from '../../session/current-session.ts';
import { signIn } from '../../session/session-actions.ts';
import { Logo } from '../../widgets/Logo.tsx';
import { useDocumentTitle } from '../../widgets/use-document-title.ts';
import { LoginForm } from './LoginForm.tsx';
import classes from './login.module.css';

/** Before sign-in the language is the browser's; this switch lets a visitor change it. */
function LanguageSwitch() {
  const t = useT();
  const { i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('login.language')}
      value={i18n.language}
      onChange={(value) => isLanguage(value) && i18n.changeLanguage(value)}
      data={UI_LANGUAGES.map((language) => ({ value: language, label: language.toUpperCase() }))}
    />
  );
}

/** /login (spec §2): a signed-in user goes on at once, to `lastpath` or their homepage. */
export function LoginPage() {
  const t = useT();
  const { user } = useSession();
  useDocumentTitle(t('login.submit'));
  const [params] = useSearchParams();
  if (user) return <Navigate replace to={safeLastPath(params.get('lastpath')) ?? homepageOf(user)} />;

  return (
    <Box className={classes.page}>
      <Box className={classes.brand} aria-hidden>
        <Logo size={56} inverted />
        <Text className={classes.tagline}>
          <T k="login.tagline" />
        </Text>
      </Box>
      <Stack component="main" className={classes.panel} justify="space-between">
        <Group justify="flex-end">
          <LanguageSwitch />
        </Group>
        <Stack className={classes.form} gap="lg">
          <Box hiddenFrom="md">
            <Logo size={40} />
          </Box>
          <div>
            <Title order={1} size="h2">
              <T k="login.title" />
            </Title>
            <Text c="dimmed" mt={4}>
              <T k="login.subtitle" />
            </Text>
          </div>
          <LoginForm onSubmit={({ username, password }) => signIn(username, password)} />
        </Stack>
        <Text component="footer" size="sm" c="dimmed" ta="center">
          <T k="login.legal" values={{ years: LEGAL_YEARS }} />
        </Text>
      </Stack>
    </Box>
  );
}
