import { Button, Group, Stack, Text } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { MESSAGE_TYPES } from '@regie/contract/ui';
import { useAction } from '../../api/action.ts';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../api/notify.ts';
import { T } from '../../i18n/T.tsx';
import { useT } from '../../i18n/use-t.ts';
import { openDialog, openDrawer } from '../../widgets/overlays.tsx';
import { GallerySection } from './GallerySection.tsx';
import { MESSAGE_LABELS } from './gallery-samples.ts';

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The messages of each type, and an action that succeeds and one that fails, after a while. */
export function MessagesSection() {
  const t = useT();
  const succeed = useAction(() => wait(800));
  const fail = useAction(async () => {
    await wait(800);
    throw new ApiError(409, { statusCode: 409, error: 'Conflict', message: t('widgets.gallery.sampleError') });
  });
  return (
    <GallerySection title="widgets.gallery.messages">
      <Stack gap="sm">
        <Group gap="xs">
          {MESSAGE_TYPES.map((type) => (
            <Button
              key={type}
              variant="default"
              size="xs"
              onClick={() =>
                notify({ type, text: t('widgets.gallery.sampleMessage', { type: t(MESSAGE_LABELS[type]) }) })
              }
            >
              {t(MESSAGE_LABELS[type])}
            </Button>
          ))}
        </Group>
        <Group gap="xs">
          <Button size="xs" onClick={() => succeed.mutate(undefined)}>
            <T k="widgets.gallery.actionSuccess" />
          </Button>
          <Button size="xs" variant="default" onClick={() => fail.mutate(undefined, { onError: () => undefined })}>
            <T k="widgets.gallery.actionFailure" />
          </Button>
        </Group>
      </Stack>
    </GallerySection>
  );
}

/** A dialog and a drawer opened from anywhere. */
export function OverlaysSection() {
  const t = useT();
  const content = <Text>{t('widgets.gallery.overlayText')}</Text>;
  return (
    <GallerySection title="widgets.gallery.overlays">
      <Group gap="xs">
        <Button variant="default" onClick={() => openDialog({ title: t('widgets.gallery.dialog'), content })}>
          <T k="widgets.gallery.dialog" />
        </Button>
        <Button variant="default" onClick={() => openDrawer({ title: t('widgets.gallery.drawer'), content })}>
          <T k="widgets.gallery.drawer" />
        </Button>
      </Group>
    </GallerySection>
  );
}

/** A key the messages lack: shown as the key itself, so that a missing translation is seen. */
export function MissingKeySection() {
  return (
    <GallerySection title="widgets.gallery.missingKey">
      <Text size="sm" c="dimmed" mb="xs">
        <T k="widgets.gallery.missingKeyHint" />
      </Text>
      <T k={'widgets.gallery.thisKeyDoesNotExist' as MessageKey} />
    </GallerySection>
  );
}
