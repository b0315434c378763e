import { en } from '@regie/contract/i18n/en';
import { fr } from '@regie/contract/i18n/fr';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../resources/render-resource.tsx';
import { sessionStore } from '../../session/current-session.ts';
import { renderWithProviders } from '../../test-utils.tsx';
import { SettingsSubscription } from './SettingsSubscription.tsx';

/** Settings › Subscription (issue 47.10): what each module changes, and why a module is missing. */

afterEach(() => {
  cleanup();
  sessionStore.clear({ signedOut: false });
});

/** The list item of one module, found by its name. */
function moduleItem(name: string): HTMLElement {
  const item = screen.getByText(name, { selector: 'li span' }).closest('li');
  if (!item) throw new Error(`no list item for ${name}`);
  return item;
}

describe('the subscription tab', () => {
  it('says under each module what it changes, and why a module the plan lacks is greyed', () => {
    signIn(['manage_users'], { modules: ['GEO_BLOCKING', 'VIDEOS'] });
    renderWithProviders(<SettingsSubscription />);

    const geo = moduleItem('Geo blocking');
    expect(within(geo).getByText(en['moduleInfo.GEO_BLOCKING'])).toBeTruthy();
    expect(within(geo).getByText('— included', { exact: false })).toBeTruthy();
    expect(within(geo).queryByText(en['moduleInfo.notInPlan'])).toBeNull();

    const download = moduleItem('Download');
    expect(within(download).getByText(en['moduleInfo.DOWNLOAD'])).toBeTruthy();
    // In words, not only by the dimmed name: the visible reason and the screen reader's "not included".
    expect(within(download).getByText(en['moduleInfo.notInPlan'])).toBeTruthy();
    expect(within(download).getByText('— not included', { exact: false })).toBeTruthy();

    // Every module the plan lacks gives the reason, the included ones do not.
    expect(screen.getAllByText(en['moduleInfo.notInPlan'])).toHaveLength(58);
  });

  it('speaks French', () => {
    signIn(['manage_users'], { modules: ['GEO_BLOCKING'] });
    renderWithProviders(<SettingsSubscription />, { language: 'fr' });

    expect(within(moduleItem('Géoblocage')).getByText(fr['moduleInfo.GEO_BLOCKING'])).toBeTruthy();
    expect(within(moduleItem('Téléchargement')).getByText(fr['moduleInfo.notInPlan'])).toBeTruthy();
  });
});
