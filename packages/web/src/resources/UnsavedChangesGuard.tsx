import { Text } from '@mantine/core';
import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../i18n/use-t.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';

interface Props {
  /** There are changes that leaving would lose. */
  when: boolean;
  /** Set just before a navigation the form makes itself (after a save or a delete). */
  bypass: RefObject<boolean>;
}

/**
 * Asks before leaving a form with unsaved changes: inside the app through react-router's
 * blocker, when closing or reloading the tab through the browser's own question.
 */
export function UnsavedChangesGuard({ when, bypass }: Props) {
  const t = useT();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('resource.common.unsavedTitle')}
      confirmLabel={t('resource.common.leave')}
      cancelLabel={t('resource.common.stay')}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <Text size="sm">{t('resource.common.unsavedText')}</Text>
    </ConfirmDialog>
  );
}
