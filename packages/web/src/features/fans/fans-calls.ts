import { FAN_LIMITS, fanPaths } from '@regie/contract/fans';
import type {
  FanActivity,
  FanBulkBody,
  FanCreateInput,
  FanDetail,
  FanFilter,
  FanOptions,
  FanProduct,
  FanRow,
  FanSaved,
  FansResponse,
  FanUpdateInput,
  Profile,
  ProfileBody,
  ProfileRules,
} from '@regie/contract/fans.schemas';
import type { ListResponse } from '@regie/contract/resources/shapes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import type { Translate } from '../../i18n/use-t.ts';

export const fanKeys = {
  all: ['fans'] as const,
  list: (filter: FanFilter, after: string | null) => ['fans', 'list', filter, after] as const,
  one: (id: number) => ['fans', id] as const,
  part: (id: number, part: string) => ['fans', id, part] as const,
  options: ['fans', 'options'] as const,
  profiles: ['fan-profiles'] as const,
  profile: (id: number) => ['fan-profiles', id] as const,
  count: (rules: ProfileRules) => ['fan-profiles', 'count', rules] as const,
};

/** One page of the account's fans (keyset: `after` is the previous page's nextCursor). */
export function useFans(filter: FanFilter, after: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.list(filter, after),
    queryFn: ({ signal }) =>
      api.get<FansResponse>(fanPaths.list, { ...filter, ...(after ? { after } : {}) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFanOptions() {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.options,
    queryFn: ({ signal }) => api.get<FanOptions>(fanPaths.options, undefined, { signal }),
  });
}

export function useFan(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.one(id),
    queryFn: ({ signal }) => api.get<FanDetail>(fanPaths.fan(id), { expand: '[Profile]' }, { signal }),
  });
}

interface FanSession {
  id: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  endedAt: string | null;
  ip: string;
  userAgent: string;
}

/** A fan's sessions or activities, newest first, one page of FAN_LIMITS.pageDefault at a time. */
export function useFanSessions(id: number, after: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...fanKeys.part(id, 'sessions'), after],
    queryFn: ({ signal }) =>
      api.get<ListResponse<FanSession>>(fanPaths.sessions(id), after ? { after } : undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFanActivities(id: number, after: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...fanKeys.part(id, 'activities'), after],
    queryFn: ({ signal }) =>
      api.get<ListResponse<FanActivity>>(fanPaths.activities(id), after ? { after } : undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFanTags(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.part(id, 'tags'),
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string; tagType: string }[] }>(fanPaths.tags(id), undefined, { signal }),
  });
}

export function useFanProducts(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.part(id, 'products'),
    queryFn: ({ signal }) => api.get<{ data: FanProduct[] }>(fanPaths.products(id), undefined, { signal }),
  });
}

export function useFanEvents(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.part(id, 'events'),
    queryFn: ({ signal }) =>
      api.get<{ data: { eventId: number; name: string; activities: number; lastAt: string }[] }>(
        fanPaths.events(id),
        undefined,
        { signal },
      ),
  });
}

/**
 * A fan added by hand (pending until they confirm the mail); the notification names the address
 * the code went to, or says the mail could not be sent.
 */
export function useCreateFan(onCreated: (fan: FanSaved) => void) {
  const api = useApi();
  return useAction((body: FanCreateInput) => api.post<FanSaved>(fanPaths.list, body), {
    successText: (fan, _body, t) =>
      t(fan.confirmationSent ? 'fans.created' : 'fans.createdMailFailed', { email: fan.email }),
    invalidate: [fanKeys.all],
    onSuccess: onCreated,
  });
}

/**
 * A pending fan's corrected email gets a new code: said, with its address (or that it could not
 * be sent); any other save is 'Saved'. `body` holds only the changed fields.
 */
function savedText(fan: FanSaved, body: FanUpdateInput, t: Translate): string | null {
  if (body.email === undefined || fan.confirmed) return null;
  return t(fan.confirmationSent ? 'fans.edit.codeSent' : 'fans.edit.codeNotSent', { email: fan.email });
}

export function useFanActions(id: number, onDeleted: () => void) {
  const api = useApi();
  const refresh = { invalidate: [fanKeys.all] };
  return {
    save: useAction((body: FanUpdateInput) => api.put<FanSaved>(fanPaths.fan(id), body), {
      success: 'fans.saved',
      successText: savedText,
      ...refresh,
    }),
    block: useAction((isBlocked: boolean) => api.put<FanRow>(fanPaths.extended(id), { isBlocked }), {
      success: 'fans.saved',
      ...refresh,
    }),
    remove: useAction(() => api.delete(fanPaths.fan(id)), {
      success: 'fans.deleted',
      ...refresh,
      onSuccess: onDeleted,
    }),
    addTag: useAction((tagId: number) => api.post(fanPaths.tag(id, tagId)), { success: 'fans.saved', ...refresh }),
    removeTag: useAction((tagId: number) => api.delete(fanPaths.tag(id, tagId)), { success: 'fans.saved', ...refresh }),
    addProfile: useAction((profileId: number) => api.post(fanPaths.profile(id, profileId)), {
      success: 'fans.saved',
      invalidate: [fanKeys.all, fanKeys.profiles],
    }),
    removeProfile: useAction((profileId: number) => api.delete(fanPaths.profile(id, profileId)), {
      success: 'fans.saved',
      invalidate: [fanKeys.all, fanKeys.profiles],
    }),
  };
}

/** Every fan the filter holds, counted exactly (the list stops counting at FAN_LIMITS.listCountMax). */
export function useExactFanCount() {
  const api = useApi();
  return async (filter: FanFilter) =>
    (await api.get<FansResponse>(fanPaths.list, { ...filter, limit: 1, exactTotal: 'true' })).total;
}

export function useBulkFans() {
  const api = useApi();
  return useAction((body: FanBulkBody) => api.post<{ matched: number; changed: number }>(fanPaths.bulk, body), {
    success: 'fans.bulk.done',
    invalidate: [fanKeys.all],
  });
}

export function useProfiles() {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.profiles,
    queryFn: ({ signal }) => api.get<{ data: Profile[] }>(fanPaths.profiles, undefined, { signal }),
  });
}

export function useProfile(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.profile(id),
    queryFn: ({ signal }) => api.get<Profile>(fanPaths.profileById(id), undefined, { signal }),
  });
}

/** How many fans the rules hold now (the profile form's live count). */
export function useRulesCount(rules: ProfileRules) {
  const api = useApi();
  return useQuery({
    queryKey: fanKeys.count(rules),
    queryFn: ({ signal }) => api.post<{ count: number }>(fanPaths.profilesCount, { rules }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Create (id null), save and delete a profile; `onDone` gets the saved profile, or null once deleted. */
export function useProfileActions(id: number | null, onDone: (profile: Profile | null) => void) {
  const api = useApi();
  const refresh = { invalidate: [fanKeys.profiles, fanKeys.options, fanKeys.all] };
  return {
    save: useAction(
      (body: ProfileBody) =>
        id === null ? api.post<Profile>(fanPaths.profiles, body) : api.put<Profile>(fanPaths.profileById(id), body),
      { success: id === null ? 'fans.profiles.created' : 'fans.saved', ...refresh, onSuccess: onDone },
    ),
    remove: useAction(() => api.delete(fanPaths.profileById(id ?? 0)), {
      success: 'fans.profiles.deleted',
      ...refresh,
      onSuccess: () => onDone(null),
    }),
  };
}

export const FAN_PAGE_SIZE = FAN_LIMITS.pageDefault;
