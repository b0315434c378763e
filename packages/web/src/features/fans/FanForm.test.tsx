import type { FanDetail, FanSaved } from '@regie/contract/fans.schemas';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiContext } from '../../api/api-context.ts';
import { dismissAll } from '../../api/notify.ts';
import { fakeApi, Notices, renderWithProviders, type SentCall } from '../../test-utils.tsx';
import { FanDetailsForm } from './FanForm.tsx';
import { useFanActions } from './fans-calls.ts';
import { NewFanDialog } from './NewFanDialog.tsx';

/** The CRM's fan forms (issue 40.5): a fan corrected on their page, a fan added by hand. */

const FAN: FanDetail = {
  id: 7,
  email: 'zoe@club.test',
  nickname: 'zoe',
  firstName: 'Zoé',
  lastName: '',
  country: 'FR',
  language: 'en',
  marketingConsent: false,
  partnersConsent: false,
  isBlocked: false,
  confirmed: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastActiveAt: null,
  profiles: [],
};

/** A server answering each write with `write` (options: no tags), recording what was sent. */
const fakeServer = (write: (sent: SentCall) => { status: number; body: unknown }) =>
  fakeApi({ read: () => ({ tags: [], products: [], profiles: [] }), write });

const saved = (changes: Partial<FanSaved> = {}): FanSaved => ({ ...FAN, confirmationSent: false, ...changes });

function EditForm({ fan, mayWrite = true }: { fan: FanDetail; mayWrite?: boolean }) {
  const actions = useFanActions(fan.id, () => undefined);
  return (
    <>
      <FanDetailsForm fan={fan} save={actions.save} mayWrite={mayWrite} />
      <Notices />
    </>
  );
}

function renderEdit(server: ReturnType<typeof fakeServer>, fan: FanDetail = FAN, options = {}) {
  return renderWithProviders(
    <ApiContext.Provider value={server.client}>
      <EditForm fan={fan} />
    </ApiContext.Provider>,
    options,
  );
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

afterEach(() => {
  dismissAll();
  vi.restoreAllMocks();
});

describe('the fan’s details on their page', () => {
  it('sends only what changed, then says Saved', async () => {
    const server = fakeServer(({ body }) => ({ status: 200, body: saved(body as Partial<FanSaved>) }));
    renderEdit(server);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(field(/^Last name/), { target: { value: ' Durand ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'The club’s news and offers by email' }));
    fireEvent.click(save);
    await waitFor(() =>
      expect(server.sent).toEqual([
        { method: 'PUT', path: '/main-api/fans/7', body: { lastName: 'Durand', marketingConsent: true } },
      ]),
    );
    await screen.findByText('Saved');
    expect(field(/^Last name/)).toHaveProperty('value', 'Durand');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal under the email field, until the email changes', async () => {
    // The action layer logs the refusal it notifies.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = 'Another fan of this account already has this email address';
    const server = fakeServer(() => ({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message, errors: [{ path: 'email', message }] },
    }));
    renderEdit(server);
    fireEvent.change(field(/^Email/), { target: { value: 'taken@club.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    fireEvent.change(field(/^Email/), { target: { value: 'free@club.test' } });
    expect(field(/^Email/).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('asks for an email before sending, and says a pending fan’s new code went out', async () => {
    const server = fakeServer(({ body }) => ({
      status: 200,
      body: saved({ ...(body as Partial<FanSaved>), confirmed: false, confirmationSent: true }),
    }));
    renderEdit(server, { ...FAN, confirmed: false });
    expect(screen.getByText(/a corrected address gets a new confirmation code/)).toBeTruthy();
    fireEvent.change(field(/^Email/), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(server.sent).toEqual([]);
    fireEvent.change(field(/^Email/), { target: { value: 'fixed@club.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved: a new confirmation code went to fixed@club.test');
  });

  it('in French, read-only: the fields without Save', () => {
    const server = fakeServer(() => ({ status: 500, body: {} }));
    renderWithProviders(
      <ApiContext.Provider value={server.client}>
        <EditForm fan={FAN} mayWrite={false} />
      </ApiContext.Provider>,
      { language: 'fr' },
    );
    expect(field(/^Prénom/)).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: 'Offres des partenaires du club' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('group', { name: 'Consentements' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});

describe('a fan added by hand', () => {
  function renderNew(server: ReturnType<typeof fakeServer>, onCreated = vi.fn(), language: 'en' | 'fr' = 'en') {
    renderWithProviders(
      <ApiContext.Provider value={server.client}>
        <NewFanDialog onClose={() => undefined} onCreated={onCreated} />
        <Notices />
      </ApiContext.Provider>,
      { language },
    );
    return onCreated;
  }

  it('creates the fan with their consents and says where the confirmation code went', async () => {
    const server = fakeServer(({ body }) => ({
      status: 201,
      body: saved({ ...(body as Partial<FanSaved>), id: 12, confirmed: false, confirmationSent: true }),
    }));
    const onCreated = renderNew(server);
    expect(screen.getByRole('dialog', { name: 'Add a fan by hand' })).toBeTruthy();
    fireEvent.change(field(/^Email/), { target: { value: 'walk.in@club.test' } });
    fireEvent.change(field(/^First name/), { target: { value: 'Élodie' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Offers from the club’s partners' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add the fan' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 12 })));
    expect(server.sent).toEqual([
      {
        method: 'POST',
        path: '/main-api/fans',
        body: {
          email: 'walk.in@club.test',
          firstName: 'Élodie',
          lastName: '',
          language: 'en',
          marketingConsent: false,
          partnersConsent: true,
          tagIds: [],
        },
      },
    ]);
    await screen.findByText('Fan added: a confirmation code went to walk.in@club.test');
  });

  it('in French, shows an invalid email on its field and creates nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const message = 'Saisissez une adresse e-mail valide';
    const server = fakeServer(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Requête invalide',
        errors: [{ path: 'email', message }],
      },
    }));
    const onCreated = renderNew(server, vi.fn(), 'fr');
    fireEvent.change(field(/^E-mail/), { target: { value: 'pas-une-adresse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter le fan' }));
    await waitFor(() => expect(field(/^E-mail/).getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(onCreated).not.toHaveBeenCalled();
  });
});
