import { Paper, Title } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { ReactNode } from 'react';
import { T } from '../../i18n/T.tsx';

/** One widget (or family of widgets) of the gallery, under its title. */
export function GallerySection({ title, children }: { title: MessageKey; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} size="h5" mb="sm">
        <T k={title} />
      </Title>
      {children}
    </Paper>
  );
}
