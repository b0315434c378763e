import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { tooManyLoginAttemptsMessage } from '@regie/contract/auth';
import { renderMessage } from '@regie/contract/messages.render';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useT } from '../../i18n/use-t.ts';
import { PasswordField } from '../../widgets/PasswordField.tsx';
import { type LoginValues, validateLogin } from './login-validation.ts';

interface Props {
  /** Signs in with the trimmed username; rejects on failure. */
  onSubmit: (values: LoginValues) => Promise<unknown>;
}

/**
 * The login form (spec §2, §5, §8): errors under a field once it was touched, submit disabled
 * while the form is untouched, invalid or submitting, the error line cleared on each submit.
 */
export function LoginForm({ onSubmit }: Props) {
  const t = useT();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [touched, setTouched] = useState({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  // What failed, not its words: the line is said in the language shown now (a switch to French
  // after a failure says it again in French).
  const [failure, setFailure] = useState<{ retryAfterSeconds: number | null; serverText: string | null } | null>(null);
  const { i18n } = useTranslation();
  const failureText = (shown: NonNullable<typeof failure>): string => {
    if (shown.retryAfterSeconds !== null) {
      const wait = renderMessage(tooManyLoginAttemptsMessage(shown.retryAfterSeconds), i18n.language);
      return `${t('login.failed')} — ${wait}`;
    }
    return shown.serverText ? `${t('login.failed')} — ${shown.serverText}` : t('login.failed');
  };

  const errors = validateLogin(values);
  const invalid = Object.keys(errors).length > 0;
  const untouched = !touched.username && !touched.password;

  const change = (field: keyof LoginValues) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => ({ ...current, [field]: true }));
  };
  const blur = (field: keyof LoginValues) => () => setTouched((current) => ({ ...current, [field]: true }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (invalid || submitting) return;
    setFailure(null);
    setSubmitting(true);
    try {
      await onSubmit({ username: values.username.trim(), password: values.password });
    } catch (error) {
      console.error('Login failed', error);
      // A throttled sign-in says when to try again: the server's message tells it.
      const throttled = error instanceof ApiError && error.status === 429;
      setFailure(
        throttled
          ? { retryAfterSeconds: error.retryAfterSeconds, serverText: error.message }
          : { retryAfterSeconds: null, serverText: null },
      );
    } finally {
      setSubmitting(false);
    }
  }

  const errorOf = (field: keyof LoginValues) => {
    const key = errors[field];
    return touched[field] && key ? t(key) : null;
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoFocus
          required
          size="md"
          value={values.username}
          onChange={change('username')}
          onBlur={blur('username')}
          error={errorOf('username')}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          size="md"
          value={values.password}
          onChange={change('password')}
          onBlur={blur('password')}
          error={errorOf('password')}
        />
        {failure && (
          <Alert color="red" variant="outline" icon={<IconAlertCircle aria-hidden />} role="alert" p="sm">
            {failureText(failure)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={submitting} disabled={untouched || invalid || submitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
