import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { MessageKey } from '@regie/contract/i18n/en';
import { EXTERNAL_URL_VARIABLES, type RouteEntry } from '@regie/contract/menu';
import { IconExternalLink, IconHourglassEmpty, IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEnvironment } from '../../api/queries.ts';
import { T } from '../../i18n/T.tsx';
import { labelKey } from '../route-entry.ts';

function Panel({ icon, title, children }: { icon: ReactNode; title: ReactNode; children?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="xl" maw={640}>
      <Stack align="flex-start" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A route of the tree whose screen a later release brings. */
export function ScreenPending() {
  return (
    <Panel icon={<IconTools size={26} aria-hidden />} title={<T k="screen.pending.title" />}>
      <Text c="dimmed">
        <T k="screen.pending.text" />
      </Text>
    </Panel>
  );
}

/** A route the spec marks disabled (the dashboard detail), and what it will hold when it says. */
export function NotAvailableYet({ hintKey }: { hintKey?: string | undefined }) {
  return (
    <Panel icon={<IconHourglassEmpty size={26} aria-hidden />} title={<T k="screen.notAvailableYet" />}>
      {hintKey && (
        <Text c="dimmed">
          <T k={hintKey as MessageKey} />
        </Text>
      )}
    </Panel>
  );
}

/** A menu entry that leaves the back-office (content management, push notifications). */
export function ExternalLinkScreen({ entry }: { entry: RouteEntry }) {
  const { data } = useEnvironment();
  const key = entry.node.externalUrlKey;
  const url = key ? data?.externalLinks[key] : null;
  return (
    <Panel icon={<IconExternalLink size={26} aria-hidden />} title={<T k={labelKey(entry)} />}>
      {url ? (
        <Anchor href={url} target="_blank" rel="noreferrer">
          <T k="screen.external.open" />
        </Anchor>
      ) : (
        <Text c="dimmed">
          <T k="screen.external.unset" values={{ variable: key ? EXTERNAL_URL_VARIABLES[key] : '' }} />
        </Text>
      )}
    </Panel>
  );
}
