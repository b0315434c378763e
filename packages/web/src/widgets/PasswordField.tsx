import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useT } from '../i18n/use-t.ts';

/**
 * A password input with a focusable show/hide toggle. The toggle's name avoids the word
 * 'password' so that the field stays the only control labelled 'Password'.
 */
export function PasswordField(props: PasswordInputProps) {
  const t = useT();
  return (
    <PasswordInput
      {...props}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('widgets.password.toggle') }}
    />
  );
}
