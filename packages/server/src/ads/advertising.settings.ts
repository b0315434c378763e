import { ADVERTISING_MODULE } from '@regie/contract/advertising';
import { type AdvertisingSettings, advertisingSettings, type EmbedAds } from '@regie/contract/advertising.schemas';

/** The account's advertising as its config keeps it (`advertising`); a missing or broken one is no tag. */
export function storedAdvertisingOf(config: Readonly<Record<string, unknown>> | null | undefined): AdvertisingSettings {
  const parsed = advertisingSettings.safeParse(config?.advertising ?? {});
  return parsed.success ? parsed.data : { tagUrl: null };
}

/** What decides whether an event's page plays ads. */
export interface AdsInputs {
  account: { modules: readonly string[]; config: Readonly<Record<string, unknown>> | null };
  event: { activatedModules: readonly string[]; adTagUrl: string | null };
}

/**
 * The ads of an event's page (contract advertising.ts): with ADVERTISING held by the account and
 * switched on by the event, the event's tag, else the account's; null when either is off or no
 * tag is set.
 */
export function adsOfEvent({ account, event }: AdsInputs): EmbedAds | null {
  if (!account.modules.includes(ADVERTISING_MODULE) || !event.activatedModules.includes(ADVERTISING_MODULE)) {
    return null;
  }
  const tagUrl = event.adTagUrl ?? storedAdvertisingOf(account.config).tagUrl;
  return tagUrl === null ? null : { tagUrl };
}
