import type { Publication } from '@regie/contract/publications';
import type { RepostItem } from '@regie/contract/reposts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { RepostHistory } from './RepostHistory.tsx';

const AT = '2026-03-01T18:00:00.000Z';

function publication(overrides: Partial<Publication>): Publication {
  return {
    id: 1,
    videoId: 5,
    videoTitle: 'Final replay',
    platform: 'dailymotion',
    accountName: 'Riverside FC',
    targetName: null,
    aspect: '16:9',
    title: 'Final replay',
    caption: '',
    state: 'queued',
    progress: null,
    scheduledAt: null,
    externalId: null,
    url: null,
    error: null,
    attempts: 0,
    stages: {
      markerAt: null,
      clipMadeAt: null,
      clipReadyAt: null,
      approvedAt: null,
      queuedAt: AT,
      renderedAt: null,
      uploadStartedAt: null,
      uploadedAt: null,
      publishedAt: null,
    },
    userName: 'Margaux Giraud',
    ruleId: null,
    ruleName: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

function item(id: number, overrides: Partial<RepostItem>): RepostItem {
  return {
    id,
    videoId: 5,
    videoTitle: 'Final replay',
    target: 'dailymotion',
    outcome: 'queued',
    message: null,
    reasons: [],
    publication: null,
    createdAt: AT,
    ...overrides,
  };
}

const ITEMS: RepostItem[] = [
  item(3, {
    publication: publication({
      state: 'published',
      url: 'https://www.dailymotion.com/video/x8abc',
      externalId: 'x8abc',
    }),
  }),
  item(2, { target: 'twitter', publication: publication({ platform: 'twitter', state: 'uploading', progress: 40 }) }),
  item(1, { target: 'youtube', outcome: 'refused', reasons: ['You have no YouTube account linked'] }),
];

describe("an event's repost history (publications through the user's links)", () => {
  it('shows each target’s publication state, the post’s link once published, and why a target was refused', () => {
    renderWithProviders(<RepostHistory items={ITEMS} />);
    const published = within(screen.getByTestId('repost-3'));
    expect(published.getByText('Dailymotion: Published')).toBeTruthy();
    expect(published.getByRole('link', { name: 'Open the post on Dailymotion' }).getAttribute('href')).toBe(
      'https://www.dailymotion.com/video/x8abc',
    );
    expect(within(screen.getByTestId('repost-2')).getByText('X: Uploading 40 %')).toBeTruthy();
    const refused = within(screen.getByTestId('repost-1'));
    expect(refused.getByText('YouTube: Refused')).toBeTruthy();
    expect(refused.getByText('You have no YouTube account linked')).toBeTruthy();
    expect(refused.queryByRole('link')).toBeNull();
  });

  it('in French', () => {
    renderWithProviders(<RepostHistory items={ITEMS} />, { language: 'fr' });
    expect(screen.getByText('Dailymotion : Publié')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ouvrir la publication sur Dailymotion' })).toBeTruthy();
    expect(screen.getByText('YouTube : Refusé')).toBeTruthy();
  });
});
