import { Badge } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useT } from '../../i18n/use-t.ts';
import { useHeadingAside } from '../../widgets/page-title.ts';
import { useGoLiveChecks } from './go-live-calls.ts';

/**
 * Whether fans can see the event (issue 46.2): "Fans can watch", or "Hidden from fans" and why,
 * from the same checks as the Go live dialog. Nothing while they load or for a user who may not
 * read them.
 */
export function FansVisibility({ eventId }: { eventId: number }) {
  const t = useT();
  const fans = useGoLiveChecks(eventId).data?.fans;
  if (!fans) return null;
  const Icon = fans.visible ? IconEye : IconEyeOff;
  return (
    <Badge
      color={fans.visible ? 'teal' : 'orange'}
      variant="light"
      c="dark.7"
      tt="none"
      size="lg"
      leftSection={<Icon size={14} aria-hidden />}
      data-testid="fans-visibility"
    >
      {t(
        fans.visible
          ? 'golive.fans.visible'
          : fans.reason === 'embedOff'
            ? 'golive.fans.embedOff'
            : 'golive.fans.notPublished',
      )}
    </Badge>
  );
}

/** Shows the event's visibility to fans beside the page's heading while the calling screen is shown. */
export function useFansVisibilityHeading(eventId: number): void {
  useHeadingAside(<FansVisibility eventId={eventId} />, `event-${eventId}`);
}
