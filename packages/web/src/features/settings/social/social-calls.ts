import { satisfies } from '@regie/contract/access';
import {
  type ConnectBody,
  type ConnectResponse,
  SOCIAL_ADMIN_ACCESS,
  SOCIAL_PLATFORM_NAMES,
  SOCIAL_SETTINGS_ROUTE,
  type SocialLink,
  type SocialLinksResponse,
  type SocialPlatform,
  type SocialTarget,
  socialPaths,
} from '@regie/contract/social';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../../api/action.ts';
import { useApi } from '../../../api/api-context.ts';
import { socialKeys } from '../../../api/query-keys.ts';
import { useAccessSubject } from '../../../session/access.ts';

/** The user's own calls live under users-service-api: they belong to the user, not to an account. */
const USER_CALL = { accountScoped: false } as const;
const authorizeAdmin = (subject: Parameters<typeof satisfies>[0]) => satisfies(subject, SOCIAL_ADMIN_ACCESS);

/** True when the signed-in user administers the account's links (SOCIAL_ADMIN_ACCESS). */
export function useSocialAdmin(): boolean {
  return satisfies(useAccessSubject(), SOCIAL_ADMIN_ACCESS);
}

/** Every platform, whether this server can link it, and the user's link to it. */
export function useSocialLinks() {
  const api = useApi();
  return useQuery({
    queryKey: socialKeys.links,
    queryFn: ({ signal }) =>
      api.get<SocialLinksResponse>(socialPaths.links, undefined, { ...USER_CALL, signal }).then((page) => page.data),
  });
}

/** What a link can publish to; read only while the user picks one. */
export function useSocialTargets(platform: SocialPlatform, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: socialKeys.targets(platform),
    queryFn: ({ signal }) =>
      api
        .get<{ data: SocialTarget[] }>(socialPaths.targets(platform), undefined, { ...USER_CALL, signal })
        .then((page) => page.data),
    enabled,
  });
}

/** Every link of the account, for its administrators. */
export function useAccountLinks(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: socialKeys.accountLinks,
    queryFn: ({ signal }) =>
      api
        .get<{ data: SocialLink[] }>(socialPaths.accountLinks, undefined, { signal, authorize: authorizeAdmin })
        .then((page) => page.data),
    enabled,
  });
}

/** Sends the browser to the platform's consent page (a full navigation: the platform answers to the callback). */
function goTo(url: string): void {
  window.location.assign(url);
}

/** Connect (or reconnect), choose the page or channel, disconnect: the actions of one platform's card. */
export function useSocialActions(platform: SocialPlatform) {
  const api = useApi();
  const name = SOCIAL_PLATFORM_NAMES[platform];
  const invalidate = [socialKeys.links, socialKeys.accountLinks];
  const connect = useAction(
    () =>
      api.post<ConnectResponse>(
        socialPaths.connect(platform),
        { returnTo: SOCIAL_SETTINGS_ROUTE } satisfies ConnectBody,
        USER_CALL,
      ),
    // The browser leaves for the platform: a success message would not be read.
    { success: false, onSuccess: (answer) => goTo(answer.authorizeUrl) },
  );
  const chooseTarget = useAction(
    (target: SocialTarget) => api.put<SocialLink>(socialPaths.target(platform), { id: target.id }, USER_CALL),
    {
      invalidate,
      successText: (_link, target, t) => t('settings.social.targetChosen', { name, target: target.name }),
    },
  );
  const disconnect = useAction(() => api.delete(socialPaths.link(platform), USER_CALL), {
    invalidate: [...invalidate, socialKeys.targets(platform)],
    successText: (_result, _input, t) => t('settings.social.disconnected', { name }),
  });
  return { connect, chooseTarget, disconnect };
}

/** An administrator turns a link of the account off or on again. */
export function useAccountLinkSwitch() {
  const api = useApi();
  return useAction(
    ({ link, disabled }: { link: SocialLink; disabled: boolean }) =>
      api.put<SocialLink>(socialPaths.accountLink(link.id), { disabled }, { authorize: authorizeAdmin }),
    {
      invalidate: [socialKeys.links, socialKeys.accountLinks],
      successText: (_result, { link, disabled }, t) =>
        t(disabled ? 'settings.social.admin.turnedOff' : 'settings.social.admin.turnedOn', {
          platform: SOCIAL_PLATFORM_NAMES[link.platform],
          user: link.userName,
        }),
    },
  );
}
