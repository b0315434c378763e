import { MEDIA_MESSAGES } from '@regie/contract/media';
import { renderMessage } from '@regie/contract/messages.render';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { job } from '../realtime/test-jobs.ts';
import { renderWithProviders } from '../test-utils.tsx';
import { reasonText, ServerReason } from './server-message.tsx';

afterEach(cleanup);

/** A clip job that failed on a source ffmpeg cannot read, as GET jobs answers it in English. */
const reason = MEDIA_MESSAGES.notVideo('moov atom not found');
const failed = job({
  type: 'video.clip',
  state: 'failed',
  lastError: renderMessage(reason, 'en'),
  lastErrorMessage: JSON.parse(JSON.stringify(reason)),
});

describe('server reasons', () => {
  it("renders a failed job's reason in French for a French user, from its code", () => {
    renderWithProviders(<ServerReason message={failed.lastErrorMessage} text={failed.lastError} />, { language: 'fr' });
    expect(screen.getByText('Le fichier n’est pas une vidéo que ffmpeg sait lire : moov atom not found')).toBeTruthy();
  });

  it('renders it in English for an English user', () => {
    renderWithProviders(<ServerReason message={failed.lastErrorMessage} text={failed.lastError} />);
    expect(screen.getByText('The file is not a video ffmpeg can read: moov atom not found')).toBeTruthy();
  });

  it('shows the words as sent when there is no Message, else the fallback', () => {
    expect(reasonText(undefined, 'As sent', 'fr')).toBe('As sent');
    expect(reasonText(null, null, 'fr')).toBeNull();
    renderWithProviders(<ServerReason message={null} text={null} fallback="Failed" />, { language: 'fr' });
    expect(screen.getByText('Failed')).toBeTruthy();
  });
});
