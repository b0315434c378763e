import {
  LINK_OUTCOME_PARAMS,
  SOCIAL_PLATFORM_NAMES,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
} from '@regie/contract/social';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../api/notify.ts';
import { useT } from '../../../i18n/use-t.ts';

const isPlatform = (value: string | null): value is SocialPlatform =>
  value !== null && (SOCIAL_PLATFORMS as readonly string[]).includes(value);

/**
 * The outcome the OAuth callback put in the URL (?linked=<platform> or ?linkError=<message>):
 * a success notice, or the error kept on screen until closed; the parameters then leave the URL
 * (replaced, not pushed: Back does not show the notice again). Returns the error and its closer.
 */
export function useLinkOutcome(): { error: string | null; clearError: () => void } {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const linked = params.get(LINK_OUTCOME_PARAMS.linked);
  const linkError = params.get(LINK_OUTCOME_PARAMS.error);
  // One notice per outcome, even when an effect runs twice (React's strict mode).
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (linked === null && linkError === null) return;
    const outcome = `${linked ?? ''}\n${linkError ?? ''}`;
    if (handled.current !== outcome) {
      handled.current = outcome;
      if (linkError) setError(linkError);
      else if (isPlatform(linked)) {
        notify({
          type: 'success',
          text: t('settings.social.linked', { name: SOCIAL_PLATFORM_NAMES[linked] }),
          zone: 'main',
        });
      }
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINK_OUTCOME_PARAMS.linked);
        next.delete(LINK_OUTCOME_PARAMS.error);
        return next;
      },
      { replace: true },
    );
  }, [linked, linkError, setParams, t]);

  return { error, clearError: () => setError(null) };
}
