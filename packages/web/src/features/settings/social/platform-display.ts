import type { LinkState, SocialPlatform } from '@regie/contract/social';
import {
  type Icon,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandX,
  IconBrandYoutube,
  IconPlayerPlay,
} from '@tabler/icons-react';

/** Each platform's mark (Tabler has no Dailymotion brand: a play sign stands for it). */
export const PLATFORM_ICONS: Readonly<Record<SocialPlatform, Icon>> = {
  youtube: IconBrandYoutube,
  facebook: IconBrandFacebook,
  instagram: IconBrandInstagram,
  twitter: IconBrandX,
  dailymotion: IconPlayerPlay,
  tiktok: IconBrandTiktok,
};

/** The colour of a state's dot; the state is always written beside it. */
export const STATE_COLOURS: Readonly<Record<LinkState, string>> = {
  active: 'teal',
  expired: 'orange',
  refused: 'red',
  disabled: 'gray',
};
