import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { paths } from '@regie/contract/api';
import type { OauthResponse } from '@regie/contract/auth';
import type { MessageKey } from '@regie/contract/i18n/en';
import {
  type Icon,
  IconAlertCircle,
  IconBrandFacebook,
  IconBrandGoogle,
  IconBrandX,
  IconPlayerPlay,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useT } from '../../i18n/use-t.ts';

type Network = keyof OauthResponse;

interface NetworkInfo {
  id: Network;
  name: string;
  icon: Icon;
  needs: MessageKey;
}

/** Spec §3 "Fan account OAuth links": what each link needs to count as connected. */
const NETWORKS: readonly NetworkInfo[] = [
  { id: 'facebook', name: 'Facebook', icon: IconBrandFacebook, needs: 'settings.social.needs.accessToken' },
  { id: 'dailymotion', name: 'Dailymotion', icon: IconPlayerPlay, needs: 'settings.social.needs.accessToken' },
  { id: 'twitter', name: 'X (Twitter)', icon: IconBrandX, needs: 'settings.social.needs.tokenSecret' },
  { id: 'google', name: 'Google (YouTube)', icon: IconBrandGoogle, needs: 'settings.social.needs.refreshToken' },
];

/**
 * /account/settings/social-networks: the state of the user's social links (GET users/me/oauth;
 * tokens never leave the server). No OAuth application is configured on this server, so the
 * page says so instead of offering a connect button that could not work.
 */
export function SettingsSocialNetworks() {
  const t = useT();
  const client = useApi();
  const oauth = useQuery({
    queryKey: queryKeys.oauth,
    queryFn: ({ signal }) => client.get<OauthResponse>(paths.meOauth, undefined, { signal, accountScoped: false }),
  });

  return (
    <Stack gap="lg" maw={980}>
      <Alert
        variant="light"
        color="orange"
        icon={<IconPlugConnectedX aria-hidden />}
        // Mantine's orange on its light background is below 4.5:1: the title text stays dark.
        title={
          <Text span fw={700} c="dark.8">
            {t('settings.social.notConfigured')}
          </Text>
        }
      >
        {t('settings.social.notConfiguredText')}
      </Alert>
      {oauth.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('resource.common.loadFailed')}
        >
          <Text size="sm">{oauth.error.message}</Text>
          <Button variant="default" size="xs" mt="sm" onClick={() => void oauth.refetch()}>
            {t('app.retry')}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {NETWORKS.map((network) => (
          <NetworkCard key={network.id} network={network} oauth={oauth.data} pending={oauth.isPending} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface NetworkCardProps {
  network: NetworkInfo;
  /** The user's links, undefined until loaded (or when loading failed). */
  oauth: OauthResponse | undefined;
  pending: boolean;
}

/** One network's card: connected or not, the Facebook page when there is one, and what the link needs. */
function NetworkCard({ network, oauth, pending }: NetworkCardProps) {
  const t = useT();
  const connected = oauth?.[network.id]?.connected === true;
  const pageId = network.id === 'facebook' && oauth ? oauth.facebook.pageId : null;
  const headingId = `network-${network.id}`;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color={connected ? 'teal' : 'gray'}>
            <network.icon size={22} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h4" id={headingId}>
            {network.name}
          </Title>
        </Group>
        {pending ? (
          <Skeleton h={22} w={110} radius="xl" />
        ) : (
          <Badge
            size="lg"
            radius="sm"
            tt="none"
            variant={connected ? 'filled' : 'outline'}
            color={connected ? 'teal.9' : 'gray.7'}
          >
            {t(connected ? 'settings.social.connected' : 'settings.social.notConnected')}
          </Badge>
        )}
      </Group>
      <Stack gap={6}>
        {connected && pageId && (
          <Text size="sm">
            {t('settings.social.pageId')} <Code>{pageId}</Code>
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {t(network.needs)}
        </Text>
        <Text size="sm" c="dimmed" fs="italic">
          {t('settings.social.unavailable')}
        </Text>
      </Stack>
    </Paper>
  );
}
