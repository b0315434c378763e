import { Alert, Box, Button, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { SOCIAL_PLATFORMS } from '@regie/contract/social';
import { IconAlertCircle } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t.ts';
import { AccountLinksTable } from './social/AccountLinksTable.tsx';
import { PlatformCard } from './social/PlatformCard.tsx';
import { useSocialAdmin, useSocialLinks } from './social/social-calls.ts';
import { useLinkOutcome } from './social/use-link-outcome.ts';

const TITLE_ID = 'social-yours-title';

/**
 * /account/settings/social-networks (issue 41): the user links YouTube, Facebook, Instagram, X,
 * Dailymotion and TikTok through each platform's consent page, sees what is linked (account,
 * picture, page or channel; never a token), reconnects a link that expired or was refused, and
 * disconnects. The account's administrators also see every link of the account and can disable one.
 */
export function SettingsSocialNetworks() {
  const t = useT();
  const links = useSocialLinks();
  const admin = useSocialAdmin();
  const outcome = useLinkOutcome();

  return (
    <Stack gap="lg" maw={1080}>
      {outcome.error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('settings.social.linkFailed')}
          withCloseButton
          closeButtonLabel={t('notification.close')}
          onClose={outcome.clearError}
          role="alert"
        >
          <Text size="sm">{outcome.error}</Text>
        </Alert>
      )}
      <Box component="section" aria-labelledby={TITLE_ID}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id={TITLE_ID}>
              {t('settings.social.yours.title')}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {t('settings.social.yours.intro')}
            </Text>
          </div>
          {links.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle aria-hidden />}
              title={t('resource.common.loadFailed')}
            >
              <Text size="sm">{links.error.message}</Text>
              <Button variant="default" size="xs" mt="sm" onClick={() => void links.refetch()}>
                {t('app.retry')}
              </Button>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
            {links.isPending
              ? SOCIAL_PLATFORMS.map((platform) => <Skeleton key={platform} h={180} radius="lg" />)
              : (links.data ?? []).map((status) => <PlatformCard key={status.platform} status={status} />)}
          </SimpleGrid>
        </Stack>
      </Box>
      {admin && <AccountLinksTable />}
    </Stack>
  );
}
